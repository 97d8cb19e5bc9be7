import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cities, workspaces } from '../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../test/app';
import { NOT_OWNER_SHARING } from './sharing';

type Rec = Record<string, unknown> & { workspaces: { workspace_id: number }[] };

let app: TestApp;
let owner: TestUser;
let memberToken: string;
let secondWorkspace: number;
let tandil: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const [ws2] = await app.db.insert(workspaces).values({ name: 'Campo 2', user_id: owner.user_id }).returning();
  secondWorkspace = ws2.workspace_id;
  // a member with every flag of the 'resources' module (the default permissions of a shared user)
  memberToken = await addMember(app, owner.workspace_id, await buildUser(app));
  const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Tandil'));
  tandil = city.id;
});
afterAll(() => app.cleanup());

/** One account resource of each kind that setSharing serves: land (farms, companies) and master data. */
const KINDS = [
  { path: 'farms', id: 'farm_id', body: () => ({ name: 'La Esperanza', city_id: tandil }) },
  { path: 'companies', id: 'company_id', body: () => ({ name: 'Agro Los Álamos S.A.', tax_identifier: '30712345671', company_type_id: 1 }) },
  { path: 'providers', id: 'provider_id', body: () => ({ name: 'Agroinsumos Pampa SA' }) },
];

const sharedInto = async (path: string, idKey: string, id: unknown) => {
  const all = json<Rec[]>(await call(app, 'GET', `${path}?scope=account`, { token: owner.token })).data;
  return all.find((r) => r[idKey] === id)?.workspaces.map((w) => w.workspace_id).sort();
};

describe('only the owning account shares a resource into workspaces', () => {
  for (const kind of KINDS) {
    it(`${kind.path}: a member edits the record but cannot choose its workspaces; the owner can`, async () => {
      const made = await call(app, 'POST', kind.path, { token: owner.token, body: kind.body() });
      expect(made.statusCode, made.body).toBe(201);
      const id = json<Rec[]>(made).data[0][kind.id];

      const share = await call(app, 'PUT', `${kind.path}?${kind.id}=${id}`, { token: memberToken, body: { workspaces: [owner.workspace_id, secondWorkspace] } });
      expect(share.statusCode).toBe(403);
      expect(json(share).message).toBe(NOT_OWNER_SHARING);
      expect(await sharedInto(kind.path, kind.id, id)).toEqual([owner.workspace_id]);

      const rename = await call(app, 'PUT', `${kind.path}?${kind.id}=${id}`, { token: memberToken, body: { name: 'Renombrado por el miembro' } });
      expect(rename.statusCode, rename.body).toBe(200);

      const createShared = await call(app, 'POST', kind.path, { token: memberToken, body: { ...kind.body(), name: 'Creado con espacios', workspaces: [secondWorkspace] } });
      expect(createShared.statusCode).toBe(403);
      expect(json(createShared).message).toBe(NOT_OWNER_SHARING);
      const names = json<Rec[]>(await call(app, 'GET', `${kind.path}?scope=account`, { token: owner.token })).data.map((r) => r.name);
      expect(names).not.toContain('Creado con espacios');

      const byOwner = await call(app, 'PUT', `${kind.path}?${kind.id}=${id}`, { token: owner.token, body: { workspaces: [owner.workspace_id, secondWorkspace] } });
      expect(byOwner.statusCode, byOwner.body).toBe(200);
      expect(await sharedInto(kind.path, kind.id, id)).toEqual([owner.workspace_id, secondWorkspace].sort());
    });
  }
});
