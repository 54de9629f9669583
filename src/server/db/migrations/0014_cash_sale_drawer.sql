ALTER TABLE "orders" ADD COLUMN "cash_drawer_session_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_drawer_next_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_drawer_session_id_cash_drawer_sessions_id_fk" FOREIGN KEY ("cash_drawer_session_id") REFERENCES "public"."cash_drawer_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cash_drawer_session_idx" ON "orders" USING btree ("cash_drawer_session_id");--> statement-breakpoint
-- DATA STEP (hand-written, decision 012 update 2026-11-25): counter cash sales made before this
-- column existed go to the session whose window held them, as the window counted them before.
UPDATE "orders" AS o SET "cash_drawer_session_id" = s."id" FROM "cash_drawer_sessions" AS s WHERE o."payment_method" = 'cash' AND o."order_source" = 'pos' AND o."cash_drawer_session_id" IS NULL AND o."created_at" >= s."opened_at" AND o."created_at" <= coalesce(s."closed_at", now());
