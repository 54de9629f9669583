ALTER TABLE "analytics_daily" ADD COLUMN "funnel_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Days that still have their raw views are summed again with the nested funnel and the bounded
-- referrers (decision 015): drop their daily rows; the next read writes them again.
DELETE FROM "analytics_daily_pages" WHERE "day" IN (SELECT DISTINCT "day" FROM "page_views");--> statement-breakpoint
DELETE FROM "analytics_daily" WHERE "day" IN (SELECT DISTINCT "day" FROM "page_views");--> statement-breakpoint
-- Back-office views are no longer visits, and the setting that counted them is gone.
DELETE FROM "page_views" WHERE "path" IN ('/admin', '/kitchen', '/menu-management', '/calendar', '/pos', '/staff-pos', '/cash-up', '/settings', '/qr-codes', '/staff-management', '/delivery-platforms', '/shop-hours', '/notification-test', '/login', '/staff-login', '/kitchen-login');--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'analytics_count_back_office';
