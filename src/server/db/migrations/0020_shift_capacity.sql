ALTER TABLE "shop_hours" ADD COLUMN "shift1_units_per_slot" integer;--> statement-breakpoint
ALTER TABLE "shop_hours" ADD COLUMN "shift2_units_per_slot" integer;--> statement-breakpoint
ALTER TABLE "shop_hours" ADD CONSTRAINT "shop_hours_shift1_units_range" CHECK ("shop_hours"."shift1_units_per_slot" between 1 and 500);--> statement-breakpoint
ALTER TABLE "shop_hours" ADD CONSTRAINT "shop_hours_shift2_units_range" CHECK ("shop_hours"."shift2_units_per_slot" between 1 and 500);