import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planList } from '../../http/list-query';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { countStatements, textsBuilt } from '../../test/statements';
import { contractList, listContracts } from './contracts.repo';
import { contractBody, contractFixture, createContract, q, type ContractFixture } from './contracts.test-helpers';

/** Decision 0029: the contracts list runs statements built once per filter shape (search and id in the variant). */
let app: TestApp;
let owner: TestUser;
let f: ContractFixture;
let ids: number[];
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await contractFixture(app, owner);
  ids = [];
  for (const n of ['A-1', 'A-2', 'B-1', 'A_3']) ids.push(await createContract(app, owner, contractBody(f, { contract_number: n })));
});
afterAll(() => app.cleanup());

const page = (search?: string, n = 1, contractId?: number) => listContracts(app.db, owner.workspace_id, planList({ pagination: 'true', page: n, per_page: 2 }, contractList), { search, contractId });

describe('contracts list prepared per filter shape', () => {
  it('another search word of the same shape builds no SQL, sends the same texts and answers its own rows', async () => {
    const first = await countStatements(app, () => page('a-'));
    expect(first.result.data.map((c) => c.contract_id)).toEqual([ids[1], ids[0]]);
    expect(first.result.extra).toMatchObject({ total: 2 });
    const second = await textsBuilt(() => countStatements(app, () => page('b-')));
    expect(second.built).toBe(0);
    expect(second.result.result.data.map((c) => c.contract_number)).toEqual(['B-1']);
    expect(second.result.sql[0]).toEqual(first.sql[0]);
    // LIKE characters stay literal: 'a_' is not 'a' and any character
    expect((await page('a_')).data.map((c) => c.contract_number)).toEqual(['A_3']);
    expect((await page('  ')).extra).toMatchObject({ total: 4 });
  });

  it('pages without a search and by contract_id, through the API as before', async () => {
    const two = await page(undefined, 2);
    expect(two.data.map((c) => c.contract_id)).toEqual([ids[1], ids[0]]);
    expect(two.extra).toMatchObject({ total: 4, page: 2, per_page: 2 });
    const one = await textsBuilt(() => page(undefined, 1, ids[2]));
    expect(one.result.data.map((c) => c.contract_number)).toEqual(['B-1']);
    expect((await textsBuilt(() => page(undefined, 1, ids[0]))).built).toBe(0);
    const res = await call(app, 'GET', `grains/contracts?${q(owner, `contract_id=${ids[3]}&search=a`)}`, { token: owner.token });
    expect(json<{ contract_number: string }[]>(res).data.map((c) => c.contract_number)).toEqual(['A_3']);
  });
});
