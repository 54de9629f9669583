CREATE TABLE "cash_drawer_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_drawer_movements_amount_check" CHECK ("cash_drawer_movements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_drawer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by_staff_id" uuid,
	"opened_by_name" text NOT NULL,
	"float_cents" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_staff_id" uuid,
	"closed_by_name" text,
	"cash_sales_cents" integer,
	"change_given_cents" integer,
	"pay_ins_cents" integer,
	"pay_outs_cents" integer,
	"expected_cents" integer,
	"counted_cents" integer,
	"note" text,
	CONSTRAINT "cash_drawer_sessions_float_check" CHECK ("cash_drawer_sessions"."float_cents" >= 0),
	CONSTRAINT "cash_drawer_sessions_closed_check" CHECK (("cash_drawer_sessions"."closed_at" is null) = ("cash_drawer_sessions"."counted_cents" is null and "cash_drawer_sessions"."expected_cents" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change_cents" integer;--> statement-breakpoint
ALTER TABLE "cash_drawer_movements" ADD CONSTRAINT "cash_drawer_movements_session_id_cash_drawer_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_drawer_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_movements" ADD CONSTRAINT "cash_drawer_movements_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_sessions" ADD CONSTRAINT "cash_drawer_sessions_opened_by_staff_id_staff_users_id_fk" FOREIGN KEY ("opened_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_sessions" ADD CONSTRAINT "cash_drawer_sessions_closed_by_staff_id_staff_users_id_fk" FOREIGN KEY ("closed_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_drawer_movements_session_idx" ON "cash_drawer_movements" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_drawer_sessions_one_open_idx" ON "cash_drawer_sessions" USING btree ((true)) WHERE "cash_drawer_sessions"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "cash_drawer_sessions_opened_at_idx" ON "cash_drawer_sessions" USING btree ("opened_at");