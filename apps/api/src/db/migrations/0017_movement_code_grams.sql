-- The carta de porte / CTG search box (grains movement-code-search.ts): a code's digit trigrams are in nearly every
-- code (`cpe`, `100`, `001` …), so a `contains` of a long fragment read most of the trigram indexes' posting lists
-- (30 ms for `CPE-10012` at 920,000 movements). Its 5-character pieces are rare: a search of 5 letters or digits or
-- more first narrows to the movements whose codes hold all of its pieces (3.9 ms), then ILIKE checks them as before.
-- The pieces are lowercase letters and digits only (separators dropped), as the search's own are cut in TypeScript.
-- Not STRICT: a movement without codes gets '{}'. Adding the stored column rewrites grain_movements once (about a
-- minute per million movements, and the index half a minute).
CREATE FUNCTION "movement_code_grams"("code" text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(c, i, 5)), '{}')
  FROM (SELECT regexp_replace(lower(code), '[^a-z0-9]', '', 'g') AS c) AS normalized, generate_series(1, length(c) - 4) AS i
$$;--> statement-breakpoint
ALTER TABLE "grain_movements" ADD COLUMN "code_grams" text[] GENERATED ALWAYS AS (movement_code_grams(waybill) || movement_code_grams(grain_traceability_code)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "grain_movements_code_grams_idx" ON "grain_movements" USING gin ("code_grams");
