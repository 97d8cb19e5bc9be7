import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { crops } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { builtTexts } from '../test/list-statements';
import { listPage, planList, type ListSpec } from './list-query';
import { listStatements } from './list-statement';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

const spec: ListSpec = { resource: 'crop', fields: { crop_id: { column: crops.crop_id, type: 'number' } }, defaultOrder: [asc(crops.crop_id)] };
// a one-to-one join the page's column reads and the filters do not
const sameCrop = alias(crops, 'same_crop');
const cropsAfter = listStatements({
  columns: { crop_id: crops.crop_id, name: sameCrop.name },
  id: crops.crop_id,
  from: (select, s) => select.from(crops).where(and(gt(crops.crop_id, s.param('min')), s.where)),
  columnJoins: (filtered) => filtered.leftJoin(sameCrop, eq(sameCrop.crop_id, crops.crop_id)),
});

/** Two crops a page after the crop `min`, with the count of all after it. */
function pageAfter(min: number) {
  const plan = planList({ pagination: 'true', page: 1, per_page: 2 }, spec);
  return listPage(app.db, plan, () => cropsAfter.page(app.db, plan, { min }), cropsAfter.matching(app.db, plan, { min }));
}

describe('listStatements: one FROM/JOIN/WHERE for a page and its count', () => {
  it('pages the columns with their joins, counts the ids without them, and builds each once per shape', async () => {
    const all = await app.db.select({ crop_id: crops.crop_id, name: crops.name }).from(crops).orderBy(asc(crops.crop_id));
    expect(all.length).toBeGreaterThan(4);

    const first = await builtTexts(() => pageAfter(all[0].crop_id));
    expect(first.result.data).toEqual(all.slice(1, 3));
    expect(first.result.extra).toMatchObject({ total: all.length - 1 });
    const count = first.texts.filter((t) => t.includes('count(*)'));
    const page = first.texts.filter((t) => t.includes('from "crops"') && !t.includes('count(*)'));
    expect(count).toHaveLength(1);
    expect(page).toHaveLength(1);
    expect(page[0]).toContain('left join "crops" "same_crop"');
    expect(page[0]).toMatch(/order by .* limit \$\d+ offset \$\d+$/);
    expect(count[0]).not.toContain('same_crop');

    const second = await builtTexts(() => pageAfter(all[1].crop_id));
    expect(second.result.data).toEqual(all.slice(2, 4));
    expect(second.result.extra).toMatchObject({ total: all.length - 2 });
    expect(second.texts.filter((t) => t.includes('from "crops"'))).toEqual([]);
  });
});
