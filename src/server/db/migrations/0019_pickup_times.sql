ALTER TABLE "menu_items" ADD COLUMN "prep_units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prep_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quoted_minutes" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "prep_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pickup_at_idx" ON "orders" USING btree ("pickup_at");--> statement-breakpoint
CREATE INDEX "payments_pending_pickup_idx" ON "payments" USING btree ("pickup_at") WHERE "payments"."status" = 'pending' and "payments"."pickup_at" is not null;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_prep_units_range" CHECK ("menu_items"."prep_units" between 0 and 100);--> statement-breakpoint
-- Orders placed before pickup times were made of items of 1 prep unit each (decision 026).
UPDATE "orders" SET "prep_units" = "lines"."units" FROM (SELECT "order_id", sum("quantity")::integer AS "units" FROM "order_items" GROUP BY "order_id") AS "lines" WHERE "lines"."order_id" = "orders"."id";
