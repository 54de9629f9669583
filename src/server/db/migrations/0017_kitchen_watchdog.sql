CREATE TABLE "staff_push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "watchdog_order_alerts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchdog_presence" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"kitchen_displays" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchdog_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"displays_missing_since" timestamp with time zone,
	"display_alert_at" timestamp with time zone,
	"paused_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "online_ordering" ADD COLUMN "paused_by" text;--> statement-breakpoint
ALTER TABLE "staff_push_subscriptions" ADD CONSTRAINT "staff_push_subscriptions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchdog_order_alerts" ADD CONSTRAINT "watchdog_order_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_push_subscriptions_staff_idx" ON "staff_push_subscriptions" USING btree ("staff_id");