import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { rowsOf } from './client';

/**
 * Deleting a row makes PostgreSQL check every foreign key that references its table (`select 1 from <child> where
 * <column> = $1`). Without an index led by that column the check reads the whole child table: at 1M work orders and
 * grain movements, deleting an unused farm spent 253 ms in those checks, a company 115 ms, a provider 65 ms.
 * Every table the app deletes rows from is listed here; a new module referencing one of them indexes its column
 * (first in an index) or this test names it.
 */
const DELETED_BY_THE_APP = [
  'buyers',
  'carriers',
  'companies',
  'contractors',
  'destinations',
  'farms',
  'fields',
  'files',
  'livestock_agents',
  'monitorings',
  'notes',
  'providers',
  'seasons',
  'supplies',
  'transports',
  // deleted only once every module's data check finds them empty, but PostgreSQL still checks every table that
  // references them: work-order children reference their order's (workspace_id, work_order_id) instead (migration 0016)
  'workspaces',
];
// Not listed: catalogues the app never deletes from (units, crops, statuses…) and users.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

describe(`foreign keys to deletable rows on ${process.env.FM_TEST_DB ?? 'pglite'}`, () => {
  it('each have an index led by their column, so a delete checks them by index', async () => {
    const unindexed = await rowsOf<{ fk: string }>(
      app.db,
      sql`select c.conrelid::regclass::text || '.' || a.attname || ' → ' || c.confrelid::regclass::text as fk
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and cardinality(c.conkey) = 1
            and c.confrelid::regclass::text in (${sql.join(DELETED_BY_THE_APP.map((t) => sql`${t}`), sql`, `)})
            and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
          order by 1`,
    );
    expect(unindexed.map((r) => r.fk)).toEqual([]);
  });
});
