-- Custom SQL migration file, put your code below! --
-- An order's status is pending, preparing, ready, completed or cancelled (order-states.ts): the
-- spec's `paid` and `confirmed` are labels only. No release wrote them, but a row that holds one
-- (an import, a hand edit) takes the status its kitchen step gives, so every read can answer it.
UPDATE "orders" SET "status" = CASE "kitchen_status"
    WHEN 'started' THEN 'preparing'
    WHEN 'ready' THEN 'ready'
    WHEN 'done' THEN 'completed'
    WHEN 'cleared' THEN 'completed'
    ELSE 'pending'
  END
  WHERE "status" IN ('paid', 'confirmed');
