-- pgbench's side of scripts/bench-orders.mjs: the database core of one paid card order on the
-- shop's own tables, without HTTP, pricing or the app: the pending payment, then in one
-- transaction its row lock, the order, two lines, the payment marked paid and the order's event.
insert into payments (provider, amount_cents, order_data, expires_at) values ('bench', 2450, '{"lines":[]}', now() + interval '30 minutes') returning id as payment_id \gset
begin;
select id from payments where id = :payment_id for update;
insert into orders (status, type, order_source, payment_method, payment_status, kitchen_status, subtotal_cents, delivery_fee_cents, total_cents, customer_first_name, customer_last_name, customer_email, customer_phone, payment_id) values ('pending', 'pickup', 'website', 'viva-wallet', 'paid', 'pending', 2450, 0, 2450, 'Bench', 'Mark', 'bench@example.com', '+372 5000 0009', :payment_id) returning id as order_id \gset
insert into order_items (order_id, menu_item_id, name, base_price_cents, unit_price_cents, quantity, total_price_cents, add_ons, position) values (:order_id, 'classic-smash-burger', 'Classic Smash Burger', 1000, 1100, 2, 2200, '[]', 0), (:order_id, 'cola', 'Cola', 250, 250, 1, 250, '[]', 1);
update payments set status = 'paid', updated_at = now() where id = :payment_id;
insert into order_events (order_id, event) values (:order_id, '{"change":"created"}');
commit;
