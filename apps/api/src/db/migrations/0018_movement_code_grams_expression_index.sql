-- The carta de porte / CTG pieces (decision 0037) move from 0017's stored column to an expression index, and the
-- function that cuts them becomes PL/pgSQL.
-- * The stored column doubled the movements' rows (433 against ~217 bytes: 201 → 399 MB at 920,000 movements), which
--   every list and ledger reading movements pays, and turned the status page's plan in a small workspace into a
--   bitmap and a sort. The index on the expression finds the same movements and leaves the rows as they were.
--   Dropping the column does not rewrite the table: its space is reused as rows are updated or vacuumed.
-- * 0017's SQL function ran a small query (a series and a DISTINCT sort) on every call, about 40 µs on PGlite, which
--   evaluates the expression again for every candidate row when it ANDs the pieces' bitmap with a trigram one
--   (90 ms for `00001-00012` at 85,000 movements). The PL/pgSQL loop cuts the same pieces, as a set, at a third of
--   the cost (on PostgreSQL 15 too: 12 → 5 µs a call).
-- IF EXISTS: a database that ran an unreleased text of 0017 already has the expression index and no column.
DROP INDEX IF EXISTS "grain_movements_code_grams_idx";--> statement-breakpoint
ALTER TABLE "grain_movements" DROP COLUMN IF EXISTS "code_grams";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "movement_code_grams"("code" text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  normalized text := regexp_replace(lower(code), '[^a-z0-9]', '', 'g');
  pieces text[] := '{}';
  piece text;
BEGIN
  FOR i IN 1 .. coalesce(length(normalized), 0) - 4 LOOP
    piece := substr(normalized, i, 5);
    IF NOT piece = ANY (pieces) THEN
      pieces := pieces || piece;
    END IF;
  END LOOP;
  RETURN pieces;
END
$$;--> statement-breakpoint
CREATE INDEX "grain_movements_code_grams_idx" ON "grain_movements" USING gin ((movement_code_grams("waybill") || movement_code_grams("grain_traceability_code")));
