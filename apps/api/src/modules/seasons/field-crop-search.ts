import { sql, type SQL } from 'drizzle-orm';
import type { Filters } from '@fm/domain';
import { rowsOf, type Executor } from '../../db/client';
import { fieldCrops, fields } from '../../db/schema/index';
import { COUNT_CAP, cachedUntilWrite, foldedPattern, inIdOrder, matchesFolded, pageOf, type Counter, type ListPlan, type Page } from '../../http/list-query';

/** Filter fields that live on field_crops itself (the rest need joins a per-name probe does not have). */
const OWN_FIELDS = new Set(['field_crop_id', 'season_plan_id', 'field_id', 'crop_id', 'crop_sequence_id', 'hectares']);
const NAME_FIELDS = new Set(['field.name', 'field_crop.field.name']);
/** Past this many distinct matching plot names the probes cost more than sorting the matches (the generic path). */
const MAX_NAMES = 200;

/**
 * The plot-name term of a search that is only `field.name contains <term>` plus AND conditions on the crop's own
 * columns; undefined for any other filter set (OR groups, other searches, joined fields).
 */
export function plotNameSearch(filters: Filters | undefined): string | undefined {
  if (!filters || filters.OR?.length) return undefined;
  const conds = filters.AND ?? [];
  const names = conds.filter((c) => NAME_FIELDS.has(c.field) && c.condition === 'contains' && typeof c.value === 'string');
  const others = conds.filter((c) => !names.includes(c));
  if (names.length !== 1 || !others.every((c) => OWN_FIELDS.has(c.field.replace(/^field_crop\./, '')) && c.condition !== 'contains' && c.condition !== 'similar_to')) return undefined;
  return names[0].value as string;
}

/** A plot-name search's filters without the name (the crop's own AND conditions), as `filters` JSON for planList. */
export function withoutPlotName(filters: Filters | undefined): string | undefined {
  const own = (filters?.AND ?? []).filter((c) => !NAME_FIELDS.has(c.field));
  return own.length ? JSON.stringify({ AND: own }) : undefined;
}

/**
 * A page of a plot-name search in the list's default order (plot name, sequence, id) without sorting every match.
 * At 1M field crops a common word ("norte") matches ~46,000 crops but only a few dozen distinct plot names; the
 * generic search sorts all 46,000 (p50 ~1 s). Within one plan the generic path is cheap and stays. Here: the matching names come from the plots table (36,000 rows, its
 * trigram index), and for each name, in name order, field_crops_list_idx gives the first offset + limit crops; the
 * page is the first of those. Equality on the name is exact because field_crops.field_name is the plot's name kept
 * by a trigger (migration 0003); so `where` need not repeat the search (withoutPlotName: each probed row would fold
 * its name again).
 * Returns undefined when too many names match: the caller takes the generic path.
 */
export async function plotNameSearchPage<T extends { field_crop_id: number }>(
  db: Executor,
  plan: ListPlan,
  term: string,
  where: SQL | undefined,
  rowsByIds: (ids: number[]) => Promise<T[]>,
  matching: Counter,
): Promise<Page<T> | undefined> {
  const pattern = foldedPattern(term); // as the list engine's `contains` (its count is the engine's)
  // the names a term matches change only with a plot write: cached per term like the totals
  const names = await cachedUntilWrite(db, `plot-names\u0000${pattern}`, () =>
    rowsOf<{ name: string }>(db, sql`select distinct ${fields.name} as name from ${fields} where ${matchesFolded(fields.name, pattern)} limit ${MAX_NAMES + 1}`),
  );
  if (names.length > MAX_NAMES) return undefined;
  const total = await matching.count(COUNT_CAP);
  if (!names.length) return pageOf(plan, [], 0);
  const depth = plan.offset + plan.limit;
  const ids = await rowsOf<{ id: number }>(
    db,
    sql`select fc.field_crop_id as id from unnest(${sql.param(names.map((n) => n.name))}::text[]) as n(name)
      cross join lateral (select ${fieldCrops.field_crop_id}, ${fieldCrops.field_name}, ${fieldCrops.crop_sequence_id} from ${fieldCrops}
        where ${where ?? sql`true`} and ${fieldCrops.field_name} = n.name
        order by ${fieldCrops.crop_sequence_id}, ${fieldCrops.field_crop_id} limit ${depth}) fc
      order by fc.field_name, fc.crop_sequence_id, fc.field_crop_id limit ${plan.limit} offset ${plan.offset}`,
  );
  const pageIds = ids.map((r) => Number(r.id));
  const data = inIdOrder(pageIds, await rowsByIds(pageIds), (r) => r.field_crop_id);
  return pageOf(plan, data, total);
}
