import type { Placeholder, SQL } from 'drizzle-orm';
import type { StatementShape } from './list-statement';

/**
 * A list's narrowings besides its `filters` (query-string parameters such as `farm_id`, a text search), each a
 * condition on its placeholder, by the name of its value. In a list statement (decision 0029) the ones a request
 * gives are named in the variant; the values never enter the text.
 */
export type Narrowings = Record<string, (value: Placeholder) => SQL | undefined>;

/** The variant of a request: the narrowings it gives a value for, in declaration order. */
export const narrowingVariant = (narrowings: Narrowings, values: Record<string, unknown>): string =>
  Object.keys(narrowings)
    .filter((name) => values[name] !== undefined)
    .join(',');

/** The conditions of the narrowings the variant names, on their placeholders. */
export const narrowed = (narrowings: Narrowings, s: StatementShape, variant: string): (SQL | undefined)[] =>
  variant
    .split(',')
    .filter(Boolean)
    .map((name) => narrowings[name](s.param(name)));
