CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_staff_id" uuid,
	"actor_name" text,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_ordering" (
	"id" integer PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone,
	"paused_indefinitely" boolean DEFAULT false NOT NULL,
	"busy_extra_minutes" integer DEFAULT 0 NOT NULL,
	"busy_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_staff_id_staff_users_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deleted_by_staff_id_staff_users_id_fk" FOREIGN KEY ("deleted_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;