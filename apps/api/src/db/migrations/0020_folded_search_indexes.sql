DROP INDEX "companies_name_trgm_idx";--> statement-breakpoint
DROP INDEX "farms_name_trgm_idx";--> statement-breakpoint
DROP INDEX "fields_name_trgm_idx";--> statement-breakpoint
DROP INDEX "field_crops_field_name_trgm_idx";--> statement-breakpoint
DROP INDEX "season_plans_company_name_trgm_idx";--> statement-breakpoint
DROP INDEX "season_plans_farm_name_trgm_idx";--> statement-breakpoint
DROP INDEX "buyers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "carriers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contractors_name_trgm_idx";--> statement-breakpoint
DROP INDEX "destinations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "livestock_agents_name_trgm_idx";--> statement-breakpoint
DROP INDEX "providers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "transports_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "farms_name_trgm_idx" ON "farms" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fields_name_trgm_idx" ON "fields" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "field_crops_field_name_trgm_idx" ON "field_crops" USING gin (translate("field_name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops) WHERE "field_crops"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "season_plans_company_name_trgm_idx" ON "season_plans" USING gin (translate("company_name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "season_plans_farm_name_trgm_idx" ON "season_plans" USING gin (translate("farm_name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buyers_name_trgm_idx" ON "buyers" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carriers_name_trgm_idx" ON "carriers" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contractors_name_trgm_idx" ON "contractors" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "destinations_name_trgm_idx" ON "destinations" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "livestock_agents_name_trgm_idx" ON "livestock_agents" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_name_trgm_idx" ON "providers" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transports_name_trgm_idx" ON "transports" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
-- the planner estimates a search from the statistics of its index's expression, which only ANALYZE gathers
ANALYZE "companies", "farms", "fields", "field_crops", "season_plans", "buyers", "carriers", "contractors", "destinations", "livestock_agents", "providers", "transports";