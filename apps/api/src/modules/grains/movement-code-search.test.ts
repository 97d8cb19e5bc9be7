import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { countStatements } from '../../test/statements';
import { codeGrams, movementCodePieces } from './movement-code-search';
import { createMovements, grainFixture, movementBody, q } from './grains.test-helpers';

/** The carta de porte / CTG search narrowed by the codes' pieces (migrations 0017, 0018) answers what ILIKE alone answers. */
let app: TestApp;
let owner: TestUser;
const codes = [
  { waybill: 'CPE-0001-00004120', grain_traceability_code: '10100006835' },
  { waybill: 'CPE-0001-00004121', grain_traceability_code: '10100006836' },
  { waybill: '00002-00012345', grain_traceability_code: null },
  { waybill: null, grain_traceability_code: '30712345678' },
  { waybill: 'cpe-10012999', grain_traceability_code: '10100123456' },
  { waybill: 'CPE_77%02', grain_traceability_code: '10166600002' },
];
let ids: number[];
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const f = await grainFixture(app, owner);
  ids = await createMovements(app, owner, codes.map((c) => movementBody(f, c)));
});
afterAll(() => app.cleanup());

/** The movements whose carta de porte or CTG contains `text` (case aside), newest first: what ILIKE alone answers. */
type CodeField = 'waybill' | 'grain_traceability_code';
const expected = (text: string, fields: CodeField[] = ['waybill', 'grain_traceability_code']) =>
  ids.filter((_, i) => fields.some((field) => codes[i][field]?.toLowerCase().includes(text.toLowerCase()))).reverse();

async function search(query: object) {
  const res = await call(app, 'GET', `grains/movements?${q(owner, `pagination=true&per_page=10&filters=${encodeURIComponent(JSON.stringify(query))}`)}`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ movement_id: number }[]>(res).data.map((m) => m.movement_id);
}
const searchBox = (text: string) =>
  search({ AND: [{ field: 'movement.status', condition: 'contains', value: 'tránsito' }], OR: ['waybill', 'grain_traceability_code'].map((field) => ({ field, condition: 'contains', value: text })) });

describe('movement_code_grams (migrations 0017, 0018) and codeGrams cut a code alike', () => {
  it('into its distinct 5-character pieces of lowercase letters and digits', async () => {
    for (const code of ['CPE-0001-00004120', '10100006835', 'cpe_77%02', 'AB-12-cd', 'ab12', '  a-b-c-d-e  ', 'Ab1Ab1Ab1Ab1']) {
      const [row] = await rowsOf<{ grams: string[] }>(app.db, sql`select movement_code_grams(${code}) as grams`);
      expect([...row.grams].sort(), code).toEqual([...(codeGrams(code) ?? [])].sort());
    }
    expect(codeGrams('CPE-10012')?.sort()).toEqual(['10012', 'cpe10', 'e1001', 'pe100']);
    expect(codeGrams('ab-12')).toBeUndefined(); // four letters and digits: the trigram indexes serve it
    expect(codeGrams('ñandú-12345')).toBeUndefined(); // outside ASCII: not narrowed
  });

  it('a movement\'s pieces are those of each of its codes, none for a missing one', async () => {
    const rows = await rowsOf<{ movement_id: number; code_grams: string[] }>(app.db, sql`select movement_id, ${movementCodePieces} as code_grams from grain_movements where movement_id in ${ids} order by movement_id`);
    const pieces = (code: string | null) => codeGrams(code ?? '') ?? [];
    rows.forEach((row, i) => expect([...row.code_grams].sort()).toEqual([...pieces(codes[i].waybill), ...pieces(codes[i].grain_traceability_code)].sort()));
  });
});

describe('the search box narrowed by the pieces', () => {
  it('answers what ILIKE alone answers, across separators, case and LIKE characters', async () => {
    for (const text of ['CPE-0001-0000412', '0001-00004121', 'cpe-0001', 'CPE0001', '000068', '0000683', '12345', '00012345', '10012', 'CPE-10012', '_77%02', '77%02', '99999', '6835'])
      expect(await searchBox(text), text).toEqual(expected(text));
  });

  it('a whole CTG (an equality) or the same text in the carta de porte', async () => {
    expect(await searchBox('10100006835')).toEqual(expected('10100006835'));
    expect(await searchBox('30712345678')).toEqual([ids[3]]);
  });

  it('one code alone, and an OR with another field is not narrowed', async () => {
    expect(await search({ AND: [{ field: 'waybill', condition: 'contains', value: '0001-0000412' }] })).toEqual(expected('0001-0000412', ['waybill']));
    expect(await search({ AND: [{ field: 'movement.grain_traceability_code', condition: 'contains', value: '1000068' }] })).toEqual(expected('1000068', ['grain_traceability_code']));
    expect(await search({ AND: [{ field: 'grain_traceability_code', condition: 'contains', value: 1000068 }] })).toEqual(expected('1000068', ['grain_traceability_code']));
    // a movement matching the other member matches, whatever its codes hold
    expect(await search({ OR: [{ field: 'waybill', condition: 'contains', value: 'zzzzzzz' }, { field: 'movement.status', condition: 'contains', value: 'tránsito' }] })).toEqual([...ids].reverse());
  });

  it('sends the pieces only for a text of five letters or digits or more', async () => {
    const texts = async (text: string) => (await countStatements(app, () => searchBox(text))).sql.join('\n');
    expect(await texts('CPE-00014')).toContain('movement_code_grams');
    expect(await texts('6835')).not.toContain('movement_code_grams');
    const asNumber = await countStatements(app, () => search({ AND: [{ field: 'grain_traceability_code', condition: 'contains', value: 1000068 }] }));
    expect(asNumber.sql.join('\n')).toContain('movement_code_grams');
  });
});
