-- The carta de porte / CTG search box (grains movement-code-search.ts, decision 0037): a code's digit trigrams are in
-- nearly every code (`000`, `001`, `100` …), so a `contains` of a long fragment read most of the trigram indexes'
-- posting lists (80 ms for `00001-00012` at 920,000 movements). Its 5-character pieces are rare: a search of 5
-- letters or digits or more first narrows to the movements whose codes hold all of its pieces (7 ms), then ILIKE
-- checks them as before. The pieces are lowercase letters and digits only (separators dropped), as the search's own
-- are cut in TypeScript. Not STRICT: a missing code has no pieces. An expression index: the rows stay as they are
-- (a stored column doubled their width) and the table is not rewritten.
CREATE FUNCTION "movement_code_grams"("code" text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(c, i, 5)), '{}')
  FROM (SELECT regexp_replace(lower(code), '[^a-z0-9]', '', 'g') AS c) AS normalized, generate_series(1, length(c) - 4) AS i
$$;--> statement-breakpoint
CREATE INDEX "grain_movements_code_grams_idx" ON "grain_movements" USING gin ((movement_code_grams("waybill") || movement_code_grams("grain_traceability_code")));
