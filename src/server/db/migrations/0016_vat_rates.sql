ALTER TABLE "categories" ADD COLUMN "vat_take_away_bp" integer DEFAULT 1300 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "vat_eat_in_bp" integer DEFAULT 1300 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "vat_take_away_bp" integer;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "vat_eat_in_bp" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate_bp" integer DEFAULT 1300 NOT NULL;