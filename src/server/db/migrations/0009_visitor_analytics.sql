CREATE TABLE "analytics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"unique_visitors" integer NOT NULL,
	"new_visitors" integer NOT NULL,
	"returning_visitors" integer NOT NULL,
	"page_views" integer NOT NULL,
	"funnel_menu" integer DEFAULT 0 NOT NULL,
	"funnel_cart" integer DEFAULT 0 NOT NULL,
	"funnel_checkout" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_pages" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_daily_pages_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "referrer_host" text;--> statement-breakpoint
CREATE INDEX "page_views_day_idx" ON "page_views" USING btree ("day");