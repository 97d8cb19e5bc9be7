import { sql } from 'drizzle-orm';
import type { ListPlan } from './list-query';

/** Up to this many matches a search sorts them rather than walk the order's index (decision 0011, issue 8). */
export const SEARCH_SORT_LIMIT = 200_000;
/** A dense search walks the order's index only in a list of at most this many rows: the walk's worst case (decision 0033). */
export const WALK_SCOPE_LIMIT = 50_000;
/**
 * A first ORDER BY key no index can serve (always 0, so the order is the plan's): the planner then finds the matches
 * through the trigram index and sorts only them.
 */
const UNINDEXED_KEY = sql`random() * 0`;

/** Whether orderForSearch chose to sort the matches (the order then starts with UNINDEXED_KEY: another statement text). */
export const sortsMatches = (plan: ListPlan): boolean => plan.orderBy[0] === UNINDEXED_KEY;

/**
 * The order of a searched page with `matches` matches. Walking the order's index and testing each row is fast when
 * matches are dense and spread out, and reads most of a million-row table when they are rare or all sort late
 * ("Lote Norte …" after every "Lote <n>"): no request finished in 6 s at 1M field crops. So up to SEARCH_SORT_LIMIT
 * matches the page sorts them (UNINDEXED_KEY first), unless walksDensely says a walk reads far fewer rows.
 * `size(cap)` counts the list without its searches (undefined: the list cannot tell, so it never walks).
 */
export async function orderForSearch(plan: ListPlan, matches: number, size: ((cap: number) => Promise<number>) | undefined): Promise<void> {
  if (matches > SEARCH_SORT_LIMIT || sortsMatches(plan) || (await walksDensely(plan, matches, size))) return;
  plan.orderBy = [UNINDEXED_KEY, ...plan.orderBy];
}

/**
 * Whether a page of a search with `matches` matches is cheaper by walking the order's index than by sorting every
 * match (decision 0033). If the matches are spread along the order, a walk reads (offset + limit) × size / matches
 * rows, the sort reads every match: the walk is taken when it reads at most half as many. If they all sort last
 * (a name search ordered by name), the walk reads the whole list: so it is taken only in a list of at most
 * WALK_SCOPE_LIMIT rows (counted without the searches, cached per filter like every total).
 */
async function walksDensely(plan: ListPlan, matches: number, size: ((cap: number) => Promise<number>) | undefined): Promise<boolean> {
  const wanted = plan.offset + plan.limit;
  // the walk reads at least `wanted` rows: no size can make it cheaper then
  if (2 * wanted > matches || !size) return false;
  const rows = await size(WALK_SCOPE_LIMIT);
  return rows <= WALK_SCOPE_LIMIT && 2 * wanted * rows <= matches * matches;
}
