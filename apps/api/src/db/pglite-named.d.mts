import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** See pglite-named.mjs. */
export function namedStatements(db: PGlite, keptMax?: number): (name: string | undefined, sql: string, params: unknown[], options?: QueryOptions) => Promise<Results>;
