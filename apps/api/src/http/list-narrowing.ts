import type { Placeholder, SQL } from 'drizzle-orm';
import type { StatementShape } from './list-statement';

/**
 * A list's narrowings besides its `filters` (query-string parameters such as `farm_id`, a text search), each a
 * condition on its placeholder, by the name of its value. In a list statement (decision 0029) the ones a request
 * gives are named in the variant; the values never enter the text.
 */
export type Narrowings = Record<string, (value: Placeholder) => SQL | undefined>;

/**
 * What a request gives of the narrowings: their values (any other key of `given` left out, so a count cached per
 * values is not split by it) and the variant naming them, in declaration order.
 */
export function narrowingsOf(narrowings: Narrowings, given: Record<string, unknown>): { values: Record<string, unknown>; variant: string[] } {
  const names = Object.keys(narrowings).filter((name) => given[name] !== undefined);
  return { values: Object.fromEntries(names.map((name) => [name, given[name]])), variant: names };
}

/** The conditions of the narrowings the variant names, on their placeholders. */
export const narrowed = (narrowings: Narrowings, s: StatementShape, variant: string[]): (SQL | undefined)[] => variant.map((name) => narrowings[name](s.param(name)));
