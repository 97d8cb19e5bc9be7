-- Decision 0011: list indexes, trigram search (pg_trgm) and the denormalised sort keys of season plans and field crops.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "field_crops" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "field_crops" ADD COLUMN "field_name" varchar(120);--> statement-breakpoint
ALTER TABLE "season_plans" ADD COLUMN "season_name" varchar(7);--> statement-breakpoint
ALTER TABLE "season_plans" ADD COLUMN "company_name" varchar(120);--> statement-breakpoint
ALTER TABLE "season_plans" ADD COLUMN "farm_name" varchar(120);--> statement-breakpoint
UPDATE "season_plans" sp SET "season_name" = s."name", "company_name" = c."name", "farm_name" = f."name"
  FROM "seasons" s, "companies" c, "farms" f
  WHERE s."season_id" = sp."season_id" AND c."company_id" = sp."company_id" AND f."farm_id" = sp."farm_id";
--> statement-breakpoint
UPDATE "field_crops" fc SET "workspace_id" = sp."workspace_id", "field_name" = f."name"
  FROM "season_plans" sp, "fields" f
  WHERE sp."season_plan_id" = fc."season_plan_id" AND f."field_id" = fc."field_id";
--> statement-breakpoint
CREATE FUNCTION "fm_season_plans_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name" INTO NEW."season_name" FROM "seasons" WHERE "season_id" = NEW."season_id";
  SELECT "name" INTO NEW."company_name" FROM "companies" WHERE "company_id" = NEW."company_id";
  SELECT "name" INTO NEW."farm_name" FROM "farms" WHERE "farm_id" = NEW."farm_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "season_plans_sort_keys" BEFORE INSERT OR UPDATE OF "season_id", "company_id", "farm_id", "season_name", "company_name", "farm_name" ON "season_plans"
  FOR EACH ROW EXECUTE FUNCTION "fm_season_plans_sort_keys"();
--> statement-breakpoint
CREATE FUNCTION "fm_field_crops_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "workspace_id" INTO NEW."workspace_id" FROM "season_plans" WHERE "season_plan_id" = NEW."season_plan_id";
  SELECT "name" INTO NEW."field_name" FROM "fields" WHERE "field_id" = NEW."field_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "field_crops_sort_keys" BEFORE INSERT OR UPDATE OF "season_plan_id", "field_id", "workspace_id", "field_name" ON "field_crops"
  FOR EACH ROW EXECUTE FUNCTION "fm_field_crops_sort_keys"();
--> statement-breakpoint
CREATE FUNCTION "fm_season_name_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "season_plans" SET "season_name" = NEW."name" WHERE "season_id" = NEW."season_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "seasons_name_changed" AFTER UPDATE OF "name" ON "seasons"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "fm_season_name_changed"();
--> statement-breakpoint
CREATE FUNCTION "fm_company_name_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "season_plans" SET "company_name" = NEW."name" WHERE "company_id" = NEW."company_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_name_changed" AFTER UPDATE OF "name" ON "companies"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "fm_company_name_changed"();
--> statement-breakpoint
CREATE FUNCTION "fm_farm_name_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "season_plans" SET "farm_name" = NEW."name" WHERE "farm_id" = NEW."farm_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "farms_name_changed" AFTER UPDATE OF "name" ON "farms"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "fm_farm_name_changed"();
--> statement-breakpoint
CREATE FUNCTION "fm_field_name_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "field_crops" SET "field_name" = NEW."name" WHERE "field_id" = NEW."field_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fields_name_changed" AFTER UPDATE OF "name" ON "fields"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "fm_field_name_changed"();
--> statement-breakpoint
CREATE INDEX "companies_user_name_idx" ON "companies" USING btree ("user_id","name","company_id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","company_id");--> statement-breakpoint
CREATE INDEX "farms_user_name_idx" ON "farms" USING btree ("user_id","name","farm_id");--> statement-breakpoint
CREATE INDEX "farms_name_trgm_idx" ON "farms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "farms_name_idx" ON "farms" USING btree ("name","farm_id");--> statement-breakpoint
CREATE INDEX "fields_farm_name_idx" ON "fields" USING btree ("farm_id","name","field_id") WHERE "fields"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "fields_name_trgm_idx" ON "fields" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "field_crops_list_idx" ON "field_crops" USING btree ("workspace_id","field_name","crop_sequence_id","field_crop_id") WHERE "field_crops"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "field_crops_plan_list_idx" ON "field_crops" USING btree ("season_plan_id","field_name","crop_sequence_id","field_crop_id") WHERE "field_crops"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "field_crops_field_name_trgm_idx" ON "field_crops" USING gin ("field_name" gin_trgm_ops) WHERE "field_crops"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "season_plans_list_idx" ON "season_plans" USING btree ("workspace_id","season_name" DESC NULLS LAST,"company_name","farm_name","season_plan_id");--> statement-breakpoint
CREATE INDEX "season_plans_company_name_trgm_idx" ON "season_plans" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "season_plans_farm_name_trgm_idx" ON "season_plans" USING gin ("farm_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buyers_user_name_idx" ON "buyers" USING btree ("user_id","name","buyer_id");--> statement-breakpoint
CREATE INDEX "buyers_name_trgm_idx" ON "buyers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carriers_user_name_idx" ON "carriers" USING btree ("user_id","name","carrier_id");--> statement-breakpoint
CREATE INDEX "carriers_name_trgm_idx" ON "carriers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contractors_user_name_idx" ON "contractors" USING btree ("user_id","name","contractor_id");--> statement-breakpoint
CREATE INDEX "contractors_name_trgm_idx" ON "contractors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "destinations_user_name_idx" ON "destinations" USING btree ("user_id","name","destination_id");--> statement-breakpoint
CREATE INDEX "destinations_name_trgm_idx" ON "destinations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "livestock_agents_user_name_idx" ON "livestock_agents" USING btree ("user_id","name","livestock_agent_id");--> statement-breakpoint
CREATE INDEX "livestock_agents_name_trgm_idx" ON "livestock_agents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_user_name_idx" ON "providers" USING btree ("user_id","name","provider_id");--> statement-breakpoint
CREATE INDEX "providers_name_trgm_idx" ON "providers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transports_user_name_idx" ON "transports" USING btree ("user_id","name","transport_id");--> statement-breakpoint
CREATE INDEX "transports_name_trgm_idx" ON "transports" USING gin ("name" gin_trgm_ops);