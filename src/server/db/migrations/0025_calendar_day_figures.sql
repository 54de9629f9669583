CREATE TABLE "day_figures" (
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"generation" bigint NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "day_figures_day_time_zone_pk" PRIMARY KEY("day","time_zone")
);
--> statement-breakpoint
CREATE TABLE "history_generations" (
	"utc_date" date PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- Decision 030: a change to an order or a refund made over 30 minutes before bumps the
-- generation of its UTC date, so the kept calendar figures of the shop days it spans are worked
-- out again (a day is kept once it ended an hour before: the half hour between is room for a
-- transaction that was under way). A new order never touches history_generations (the WHEN
-- clauses), so checkouts do not wait on a shared row.
CREATE FUNCTION "bump_history_generation"("at" timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "history_generations" ("utc_date", "generation")
  SELECT ("at" AT TIME ZONE 'UTC')::date, 1
  WHERE "at" < now() - interval '30 minutes'
  ON CONFLICT ("utc_date") DO UPDATE
    SET "generation" = "history_generations"."generation" + 1;
$$;
--> statement-breakpoint
-- An order's change also moves its refunds' days: whether a refund counts follows its sale.
CREATE FUNCTION "orders_bump_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_history_generation"(OLD."created_at");
    PERFORM "bump_history_generation"(r."created_at") FROM "refunds" r WHERE r."order_id" = OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "bump_history_generation"(NEW."created_at");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A refund's VAT depends on the order's earlier refunds: its change moves all their days.
CREATE FUNCTION "refunds_bump_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_history_generation"(r."created_at") FROM "refunds" r
    WHERE r."order_id" IN (
      SELECT OLD."order_id" WHERE TG_OP <> 'INSERT'
      UNION SELECT NEW."order_id" WHERE TG_OP <> 'DELETE'
    );
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_history_generation"(OLD."created_at");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "bump_history_generation"(NEW."created_at");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_history_insert" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW."created_at" < now() - interval '30 minutes')
  EXECUTE FUNCTION "orders_bump_history"();
--> statement-breakpoint
CREATE TRIGGER "orders_history_update" AFTER UPDATE OF "created_at", "payment_status",
  "deleted_at", "is_test", "total_cents", "delivery_fee_cents", "order_source", "payment_method"
  ON "orders" FOR EACH ROW
  WHEN (OLD."created_at" < now() - interval '30 minutes' OR NEW."created_at" < now() - interval '30 minutes')
  EXECUTE FUNCTION "orders_bump_history"();
--> statement-breakpoint
CREATE TRIGGER "orders_history_delete" AFTER DELETE ON "orders" FOR EACH ROW
  WHEN (OLD."created_at" < now() - interval '30 minutes')
  EXECUTE FUNCTION "orders_bump_history"();
--> statement-breakpoint
CREATE TRIGGER "refunds_history" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW
  EXECUTE FUNCTION "refunds_bump_history"();
