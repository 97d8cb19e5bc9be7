import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** See pglite-named.mjs. */
export const KEPT_STATEMENTS_MAX: number;
export function namedStatements(db: PGlite, keptMax?: number): (name: string, sql: string, params: unknown[], options?: QueryOptions) => Promise<Results>;
