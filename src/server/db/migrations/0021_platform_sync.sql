CREATE TABLE "platform_availability_returns" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"returns_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_availability_returns_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "platform_sync_state" (
	"platform" text NOT NULL,
	"topic" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "platform_sync_state_platform_topic_pk" PRIMARY KEY("platform","topic")
);
--> statement-breakpoint
CREATE INDEX "platform_availability_returns_due_idx" ON "platform_availability_returns" USING btree ("returns_at");--> statement-breakpoint
-- Marks made before this migration still end by themselves: the platforms are told then too (decision 027).
INSERT INTO "platform_availability_returns" ("kind", "item_id", "returns_at")
SELECT 'item', "id", "sold_out_until" FROM "menu_items" WHERE "sold_out" AND "sold_out_until" > now()
UNION ALL
SELECT 'sauce', "id", "sold_out_until" FROM "sauce_options" WHERE "sold_out" AND "sold_out_until" > now()
UNION ALL
SELECT 'addon', "id", "sold_out_until" FROM "addon_options" WHERE "sold_out" AND "sold_out_until" > now();
