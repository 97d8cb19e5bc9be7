-- A whole CTG is searched by equality (grains exactMovementFilters). The index was first added to 0014 after some
-- databases had already applied 0014 without it; those get it here, the rest already have it.
CREATE INDEX IF NOT EXISTS "grain_movements_ctg_idx" ON "grain_movements" USING btree ("grain_traceability_code") WHERE "grain_movements"."grain_traceability_code" is not null;
