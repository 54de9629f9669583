CREATE TABLE "platform_menu_state" (
	"platform" text PRIMARY KEY NOT NULL,
	"pushed_menu" jsonb,
	"pushed_at" timestamp with time zone,
	"drift_checked_at" timestamp with time zone,
	"drift_error" text,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL
);
