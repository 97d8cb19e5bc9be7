-- Supplies catalogue (issue 9, decision 0016): the starter catalogue is upserted by name (unique among workspace_id
-- null), and the pickers' contains / similar_to on name and active ingredient, accents folded, use trigram indexes
-- (pg_trgm, created by 0003_list_indexes).
CREATE UNIQUE INDEX "supplies_catalogue_name_uq" ON "supplies" USING btree ("name") WHERE "supplies"."workspace_id" is null;--> statement-breakpoint
CREATE INDEX "supplies_name_trgm_idx" ON "supplies" USING gin (translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplies_generic_name_trgm_idx" ON "supplies" USING gin (translate("generic_name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu') gin_trgm_ops);