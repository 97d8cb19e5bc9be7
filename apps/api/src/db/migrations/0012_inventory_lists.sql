DROP INDEX "stock_transactions_workspace_idx";--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "supply_name" varchar(150);--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "warehouse_name" varchar(120);--> statement-breakpoint
CREATE INDEX "stock_transactions_list_idx" ON "stock_transactions" USING btree ("workspace_id","created_at","stock_transaction_id");--> statement-breakpoint
CREATE INDEX "stock_transactions_entries_idx" ON "stock_transactions" USING btree ("stock_id","stock_transaction_id","quantity","expiration_date") WHERE "stock_transactions"."name" in ('INITIAL', 'PURCHASE');--> statement-breakpoint
CREATE INDEX "stock_transactions_moved_in_idx" ON "stock_transactions" USING btree ("stock_destiny_id","stock_transaction_id","quantity","expiration_date") WHERE "stock_transactions"."name" = 'MOVEMENT';--> statement-breakpoint
CREATE INDEX "stocks_list_idx" ON "stocks" USING btree ("workspace_id","supply_name","warehouse_name","stock_id");--> statement-breakpoint
CREATE INDEX "stocks_expiring_idx" ON "stocks" USING btree ("workspace_id","expiration_date") WHERE "stocks"."quantity" > 0;--> statement-breakpoint
UPDATE "stocks" s SET "supply_name" = sp."name", "warehouse_name" = w."name"
  FROM "supplies" sp, "warehouses" w
  WHERE sp."supply_id" = s."supply_id" AND w."warehouse_id" = s."warehouse_id";
--> statement-breakpoint
CREATE FUNCTION "fm_stocks_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name" INTO NEW."supply_name" FROM "supplies" WHERE "supply_id" = NEW."supply_id";
  SELECT "name" INTO NEW."warehouse_name" FROM "warehouses" WHERE "warehouse_id" = NEW."warehouse_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stocks_sort_keys" BEFORE INSERT OR UPDATE OF "supply_id", "warehouse_id", "supply_name", "warehouse_name" ON "stocks"
  FOR EACH ROW EXECUTE FUNCTION "fm_stocks_sort_keys"();
--> statement-breakpoint
CREATE FUNCTION "fm_supply_name_to_stocks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stocks" SET "supply_name" = NEW."name" WHERE "supply_id" = NEW."supply_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "supplies_name_to_stocks" AFTER UPDATE OF "name" ON "supplies"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "fm_supply_name_to_stocks"();
--> statement-breakpoint
CREATE FUNCTION "fm_warehouse_name_to_stocks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stocks" SET "warehouse_name" = NEW."name" WHERE "warehouse_id" = NEW."warehouse_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "warehouses_name_to_stocks" AFTER UPDATE OF "name" ON "warehouses"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "fm_warehouse_name_to_stocks"();
--> statement-breakpoint
-- expiry.ts reads only the stocks whose expiration_date falls in the warning window: make it hold for every stock
-- (the nearest expiration among its lots still in stock, first in first out, as refreshExpirations writes it)
UPDATE "stocks" s SET "expiration_date" = (
  SELECT min(x."expiration_date") FROM (
    SELECT e."expiration_date", e."quantity",
      coalesce(sum(e."quantity") OVER (ORDER BY e."stock_transaction_id" DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
    FROM (
      SELECT t."stock_transaction_id", t."quantity", t."expiration_date" FROM "stock_transactions" t
        WHERE t."stock_id" = s."stock_id" AND t."name" IN ('INITIAL', 'PURCHASE')
      UNION ALL
      SELECT t."stock_transaction_id", t."quantity", t."expiration_date" FROM "stock_transactions" t
        WHERE t."stock_destiny_id" = s."stock_id" AND t."name" = 'MOVEMENT'
    ) e
  ) x WHERE x.newer < s."quantity"
);
