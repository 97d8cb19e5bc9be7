import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { namedStatements } from './pglite-named.mjs';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(() => db.close());

const kept = async () => (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('named statements on PGlite (decision 0040)', () => {
  it('answers as PGlite’s own query does, values serialized by their parameter types', async () => {
    const named = namedStatements(db);
    const text = 'select $1::timestamptz as at, $2::int[] as ids, $3::jsonb as doc, $4::text as missing, $5::numeric as amount';
    const params = [new Date('2026-12-07T10:00:00Z'), [3, 1, 2], { a: 'Maíz' }, null, '12.50'];
    const own = await db.query(text, params);
    for (let i = 0; i < 7; i++) expect(await named('t_values', text, params)).toEqual(own);
    expect(await kept()).toContain('t_values');
  });

  it('keeps at most keptMax statements, closing the least recently used; a closed one is parsed again when asked for', async () => {
    await db.exec('deallocate all');
    const named = namedStatements(db, 3);
    for (const n of [1, 2, 3]) expect((await named(`t_lru${n}`, `select ${n} as n`, [])).rows).toEqual([{ n }]);
    await named('t_lru1', 'select 1 as n', []); // used again: t_lru2 is now the least recently used
    await named('t_lru4', 'select 4 as n', []);
    expect(await kept()).toEqual(['t_lru1', 't_lru3', 't_lru4']);
    expect((await named('t_lru2', 'select 2 as n', [])).rows).toEqual([{ n: 2 }]);
    expect(await kept()).toEqual(['t_lru1', 't_lru2', 't_lru4']);
  });

  it('a Parse refused in an aborted transaction is not remembered: the statement is parsed when next asked for', async () => {
    const named = namedStatements(db);
    await db.exec('begin');
    await expect(db.query('select 1 / 0')).rejects.toThrow('division by zero');
    await expect(named('t_aborted', 'select 5 as n', [])).rejects.toMatchObject({ code: '25P02', query: 'select 5 as n' });
    await db.exec('rollback');
    expect((await named('t_aborted', 'select 5 as n', [])).rows).toEqual([{ n: 5 }]);
  });

  it('an error while running leaves the session usable and the statement kept', async () => {
    const named = namedStatements(db);
    await expect(named('t_divide', 'select 10 / $1::int as n', [0])).rejects.toThrow('division by zero');
    expect((await named('t_divide', 'select 10 / $1::int as n', [5])).rows).toEqual([{ n: 2 }]);
    expect((await db.query<{ ok: number }>('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });
});
