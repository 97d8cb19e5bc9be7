import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_MSG, INVENTORY_CATALOGUE_MSG as MSG, type Supply } from '@fm/domain';
import { files, supplies, units } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { multipartFile } from './catalogue.test-helpers';

let app: TestApp;
let owner: TestUser;
let ownId: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const [lt] = await app.db.select().from(units).where(eq(units.name, 'lt'));
  const res = await call(app, 'POST', 'supplies', { token: owner.token, body: { name: 'Herbicida propio', supply_type_id: 1, unit_id: lt.unit_id } });
  ownId = json<Supply[]>(res).data[0].supply_id;
});
afterAll(() => app.cleanup());

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
const upload = (supplyId: number, content: string | Uint8Array, token = owner.token, name = 'ficha.pdf') => {
  const { payload, headers } = multipartFile(name, content, 'application/pdf');
  return app.inject({ method: 'POST', url: `/fm/v1/supplies/file?supply_id=${supplyId}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
const fileRows = async () => (await app.db.select().from(files)).length;

describe('technical sheet of an own supply', () => {
  it('stores a PDF checked by its bytes and serves it at file_url; a new one replaces it', async () => {
    const res = await upload(ownId, PDF);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).message).toBe(MSG.technicalSheetSaved);
    const url = json<Supply[]>(res).data[0].file_url;
    expect(url).toMatch(/^\/fm\/v1\/files\/\d+$/);
    const served = await app.inject({ method: 'GET', url: url ?? '', headers: { authorization: `Bearer ${owner.token}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/pdf');
    expect(served.body).toBe(PDF);

    const before = await fileRows();
    const again = await upload(ownId, PDF, owner.token, 'ficha-2.pdf');
    expect(again.statusCode).toBe(201);
    expect(json<Supply[]>(again).data[0].file_url).not.toBe(url);
    expect(await fileRows()).toBe(before); // the previous sheet is gone
  });

  it('refuses wrong bytes (422, nothing written), the catalogue (403) and another workspace (404)', async () => {
    const before = await fileRows();
    const [{ file_id: current }] = await app.db.select({ file_id: supplies.file_id }).from(supplies).where(eq(supplies.supply_id, ownId));
    const fake = await upload(ownId, 'MZ not a pdf at all', owner.token, 'ficha.pdf');
    expect(fake.statusCode).toBe(422);
    expect(json(fake).message).toBe(FILE_MSG.invalidType);
    expect(await fileRows()).toBe(before);
    const [{ file_id: after }] = await app.db.select({ file_id: supplies.file_id }).from(supplies).where(eq(supplies.supply_id, ownId));
    expect(after).toBe(current);

    const [catalogue] = await app.db.select().from(supplies).where(eq(supplies.name, 'Heat'));
    const ro = await upload(catalogue.supply_id, PDF);
    expect(ro.statusCode).toBe(403);
    expect(json(ro).message).toBe(MSG.catalogueReadOnly);

    const stranger = await buildUser(app);
    expect((await upload(ownId, PDF, stranger.token)).statusCode).toBe(404);
    const noFile = await call(app, 'POST', `supplies/file?supply_id=${ownId}`, { token: owner.token, body: {} });
    expect(noFile.statusCode).toBe(422);
    expect(json(noFile).message).toBe(MSG.technicalSheetRequired);
    expect(await fileRows()).toBe(before);
  });
});
