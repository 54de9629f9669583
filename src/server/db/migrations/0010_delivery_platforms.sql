CREATE TABLE "platform_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"event_key" text,
	"event_type" text,
	"external_order_id" text,
	"body" text NOT NULL,
	"received" integer DEFAULT 1 NOT NULL,
	"error" text,
	"order_id" uuid,
	"is_test" boolean DEFAULT false NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_accept_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_error" text;--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "serial_key" text;--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "queued" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "outbound_jobs_queued_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "platform_events" ADD CONSTRAINT "platform_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_events_key_idx" ON "platform_events" USING btree ("platform","event_key");--> statement-breakpoint
CREATE INDEX "platform_events_received_idx" ON "platform_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "outbound_jobs_serial_idx" ON "outbound_jobs" USING btree ("serial_key","queued") WHERE "outbound_jobs"."done_at" is null and "outbound_jobs"."serial_key" is not null;