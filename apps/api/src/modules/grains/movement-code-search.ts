import { and, or, sql, type SQL } from 'drizzle-orm';
import type { FilterCond, Filters } from '@fm/domain';
import { codePieces, grainMovements } from '../../db/schema/index';
import type { StatementShape } from '../../http/list-statement';

/**
 * The carta de porte / CTG search box, narrowed by both codes' 5-character pieces, lowercase letters and digits only
 * (`movement_code_grams`, indexed by `grain_movements_code_grams_idx`, migrations 0017 and 0018). A movement whose
 * code contains the searched text holds every piece of that text, so "holds these pieces" is a necessary condition
 * the GIN index answers from rare pieces, added beside the filters' own ILIKE, which still decides. Digit trigrams
 * are in nearly every code; these pieces are not (`CPE-10012` at 920,000 movements: 30 ms through the trigram
 * indexes, 3.9 ms through the pieces).
 */
const CODE_GRAM_LENGTH = 5;
/** A subset of a text's pieces is still a necessary condition: a long paste is narrowed by its first pieces. */
const MAX_GRAMS = 16;

const CODES = new Set(['waybill', 'movement.waybill', 'grain_traceability_code', 'movement.grain_traceability_code']);
const CTG = new Set(['grain_traceability_code', 'movement.grain_traceability_code']);
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A movement's pieces: the expression of grain_movements_code_grams_idx. */
export const movementCodePieces = codePieces(grainMovements.waybill, grainMovements.grain_traceability_code);

/**
 * A text's pieces as `movement_code_grams` (migration 0018) cuts a code; none when the text has fewer than 5 letters
 * and digits, or characters outside ASCII (where PostgreSQL's `lower()` and ILIKE could fold it otherwise).
 */
export function codeGrams(text: string): string[] | undefined {
  if (!PRINTABLE_ASCII.test(text)) return undefined;
  const normalized = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const grams = new Set<string>();
  for (let i = 0; i + CODE_GRAM_LENGTH <= normalized.length && grams.size < MAX_GRAMS; i++) grams.add(normalized.slice(i, i + CODE_GRAM_LENGTH));
  return grams.size ? [...grams] : undefined;
}

/** The pieces a movement matching this condition must hold: a code `contains`, or the CTG equality a whole CTG became. */
function piecesOf(cond: FilterCond, equalityToo: boolean): string[] | undefined {
  // the list engine reads a number given for a text field as its String (list-query.ts coerce)
  if (typeof cond.value !== 'string' && typeof cond.value !== 'number') return undefined;
  const text = String(cond.value);
  if (cond.condition === 'contains' && CODES.has(cond.field)) return codeGrams(text);
  if (equalityToo && cond.condition === 'is' && CTG.has(cond.field)) return codeGrams(text);
  return undefined;
}

/**
 * The filters' code searches as groups of alternatives: a matching movement holds all the pieces of at least one
 * alternative of every group. Each AND search is a group of one; the OR group is one group when every member is a
 * code search (the screen's box: carta de porte or CTG contains the text), none otherwise.
 */
export function codeSearchGroups(filters: Filters | undefined): string[][][] {
  const groups: string[][][] = [];
  for (const cond of filters?.AND ?? []) {
    const pieces = piecesOf(cond, false);
    if (pieces) groups.push([pieces]);
  }
  const alternatives = (filters?.OR ?? []).map((cond) => piecesOf(cond, true));
  if (alternatives.length && alternatives.every((a) => a !== undefined)) {
    const distinct = new Map(alternatives.map((a) => [a.join(' '), a]));
    groups.push([...distinct.values()]);
  }
  return groups;
}

/** The placeholders' values for `codeSearchCondition`, by name. */
export function codeSearchValues(groups: string[][][]): Record<string, string[]> {
  return Object.fromEntries(groups.flatMap((group, g) => group.map((pieces, a) => [`code_${g}_${a}`, pieces])));
}

/** The groups as SQL on placeholders; `sizes` is each group's number of alternatives (part of the statement's shape). */
export function codeSearchCondition(s: StatementShape, sizes: number[]): SQL | undefined {
  return and(...sizes.map((size, g) => or(...Array.from({ length: size }, (_, a) => sql`${movementCodePieces} @> ${s.param(`code_${g}_${a}`)}::text[]`))));
}
