CREATE TABLE "login_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_token_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "placed_by_token_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_limits_updated_idx" ON "login_limits" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "payments_pending_expires_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
-- Checkouts started before expiry existed get the payment timeout they were created with (30 min).
UPDATE "payments" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "expires_at" IS NULL;
