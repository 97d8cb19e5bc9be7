import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_MSG, NOTE_MSG, type Note } from '@fm/domain';
import { farms, fields, files, noteAttachments } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { addMember, buildUser, call as rawCall, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { multipartFile } from '../inventory/catalogue.test-helpers';
import { ATTACHMENT_MSG } from './attachments.routes';

let app: TestApp;
let owner: TestUser;
let other: TestUser;
let farmId: number;
let plotId: number;
let otherFarmPlot: number;
let foreignFarm: number;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  other = await buildUser(app);
  const [farm] = await app.db.insert(farms).values({ user_id: owner.user_id, name: 'La Esperanza' }).returning();
  const [farm2] = await app.db.insert(farms).values({ user_id: owner.user_id, name: 'El Ombú' }).returning();
  const [foreign] = await app.db.insert(farms).values({ user_id: other.user_id, name: 'Ajeno' }).returning();
  await share(app.db, 'farms', farm.farm_id, [owner.workspace_id]);
  await share(app.db, 'farms', farm2.farm_id, [owner.workspace_id]);
  await share(app.db, 'farms', foreign.farm_id, [other.workspace_id]);
  const [plot] = await app.db.insert(fields).values({ farm_id: farm.farm_id, name: 'Lote 1', hectares: 50 }).returning();
  const [plot2] = await app.db.insert(fields).values({ farm_id: farm2.farm_id, name: 'Lote A', hectares: 30 }).returning();
  farmId = farm.farm_id;
  plotId = plot.field_id;
  otherFarmPlot = plot2.field_id;
  foreignFarm = foreign.farm_id;
});
afterAll(() => app.cleanup());

/** Owner and other calls name their own workspace (the web client always sends workspace_id). */
const withWs = (url: string, token?: string) => {
  const ws = token === owner.token ? owner.workspace_id : token === other.token ? other.workspace_id : undefined;
  return url.includes('workspace_id=') || ws === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}workspace_id=${ws}`;
};
const call = (a: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { token?: string; body?: unknown } = {}) => rawCall(a, method, withWs(url, opts.token), opts);

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const attach = (noteId: number, content: string | Uint8Array, name = 'doc.pdf', token = owner.token) => {
  const { payload, headers } = multipartFile(name, content);
  return app.inject({ method: 'POST', url: withWs(`/fm/v1/notes/attachments?note_id=${noteId}`, token), payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
const create = (body: unknown, token = owner.token) => call(app, 'POST', 'notes', { token, body });

describe('notes (issue 12 §6)', () => {
  it('creates, lists with search and farm filter, reads one, edits and deletes', async () => {
    const res = await create({ title: '  Análisis de suelo ', text: 'Fósforo bajo en la loma', field_id: plotId });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).message).toBe(NOTE_MSG.created);
    const note = json<Note[]>(res).data[0];
    // a plot alone implies its farm
    expect(note).toMatchObject({ title: 'Análisis de suelo', farm_id: farmId, farm_name: 'La Esperanza', field_id: plotId, field_name: 'Lote 1', attachments: [] });
    const general = json<Note[]>(await create({ title: 'Reunión con el acopio', text: 'Fecha de entrega' })).data[0];
    expect(general.farm_id).toBeNull();

    const found = json<Note[]>(await call(app, 'GET', 'notes?pagination=true&page=1&per_page=10&search=loma', { token: owner.token }));
    expect(found.data.map((n) => n.note_id)).toEqual([note.note_id]);
    expect(found.total).toBe(1);
    // the search box ignores accents and case both ways (decision 0039)
    for (const search of ['FOSFORO', 'analisis', 'Análisis']) {
      const hits = json<Note[]>(await call(app, 'GET', `notes?pagination=true&page=1&per_page=10&search=${encodeURIComponent(search)}`, { token: owner.token }));
      expect(hits.data.map((n) => n.note_id), search).toEqual([note.note_id]);
    }
    const byFarm = json<Note[]>(await call(app, 'GET', `notes?farm_id=${farmId}`, { token: owner.token }));
    expect(byFarm.data.map((n) => n.note_id)).toEqual([note.note_id]);
    expect(json<Note[]>(await call(app, 'GET', `notes?note_id=${general.note_id}`, { token: owner.token })).data[0].title).toBe('Reunión con el acopio');

    const put = await call(app, 'PUT', `notes?note_id=${general.note_id}`, { token: owner.token, body: { title: 'Reunión', text: 'Nueva fecha', farm_id: farmId } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put).message).toBe(NOTE_MSG.updated);
    expect(json<Note[]>(put).data[0]).toMatchObject({ title: 'Reunión', farm_id: farmId, field_id: null });

    const del = await call(app, 'DELETE', `notes?note_id=${general.note_id}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect(json(del).message).toBe(NOTE_MSG.deleted);
    expect((await call(app, 'GET', `notes?note_id=${general.note_id}`, { token: owner.token })).statusCode).toBe(404);
  });

  it('refuses bad input with Spanish 422s and writes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ text: 'x' }, 'title', NOTE_MSG.titleRequired],
      [{ title: '   ', text: 'x' }, 'title', NOTE_MSG.titleRequired],
      [{ title: 'x'.repeat(121), text: 'x' }, 'title', NOTE_MSG.textTooLong(120)],
      [{ title: 'Ok', text: 'x'.repeat(5001) }, 'text', NOTE_MSG.textTooLong(5000)],
      [{ title: 'Ok', text: 'x', farm_id: farmId, field_id: otherFarmPlot }, 'field_id', NOTE_MSG.plotNotOfFarm],
    ];
    const before = json<Note[]>(await call(app, 'GET', 'notes', { token: owner.token })).data.length;
    for (const [body, field, msg] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(json(res).message).toBe(msg);
      expect(json(res).detail?.[0].loc).toContain(field);
    }
    // a farm not shared into the workspace (another account's) or an unknown plot: 404, naming nothing of it
    const foreign = await create({ title: 'Ok', text: 'x', farm_id: foreignFarm });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(NOTE_MSG.farmNotFound);
    const noPlot = await create({ title: 'Ok', text: 'x', field_id: 999999 });
    expect(noPlot.statusCode).toBe(404);
    expect(json(noPlot).message).toBe(NOTE_MSG.plotNotFound);
    expect(json<Note[]>(await call(app, 'GET', 'notes', { token: owner.token })).data.length).toBe(before);
  });

  it('attaches a PDF or image checked by its bytes, serves it to members, refuses other types and deletes it', async () => {
    const note = json<Note[]>(await create({ title: 'Con adjuntos', text: 'Ver archivos', farm_id: farmId })).data[0];
    const pdf = await attach(note.note_id, PDF, 'analisis.pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(json(pdf).message).toBe(ATTACHMENT_MSG.saved);
    const png = await attach(note.note_id, PNG, 'foto.png');
    expect(png.statusCode).toBe(201);
    const [withFiles] = json<Note[]>(png).data;
    expect(withFiles.attachments.map((a) => [a.original_name, a.content_type])).toEqual([['analisis.pdf', 'application/pdf'], ['foto.png', 'image/png']]);
    const served = await app.inject({ method: 'GET', url: withWs(withFiles.attachments[0].url, owner.token), headers: { authorization: `Bearer ${owner.token}` } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(PDF);
    expect((await app.inject({ method: 'GET', url: withFiles.attachments[0].url, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBeGreaterThanOrEqual(403);

    const filesBefore = (await app.db.select().from(files)).length;
    const exe = await attach(note.note_id, 'MZ\x90\x00 not a document', 'analisis.pdf');
    expect(exe.statusCode).toBe(422);
    expect(json(exe).message).toBe(FILE_MSG.invalidType);
    expect((await app.db.select().from(files)).length).toBe(filesBefore);

    const gone = await call(app, 'DELETE', `notes/attachments?note_attachment_id=${withFiles.attachments[1].note_attachment_id}`, { token: owner.token });
    expect(gone.statusCode).toBe(200);
    expect(json(gone).message).toBe(ATTACHMENT_MSG.deleted);
    expect((await app.db.select().from(files)).length).toBe(filesBefore - 1);

    // deleting the note removes its attachments and their files
    expect((await call(app, 'DELETE', `notes?note_id=${note.note_id}`, { token: owner.token })).statusCode).toBe(200);
    expect(await app.db.select().from(noteAttachments).where(eq(noteAttachments.note_id, note.note_id))).toEqual([]);
    expect((await app.db.select().from(files)).length).toBe(filesBefore - 2);
  });

  it("another workspace's note or attachment is a 404; a member without permissions still reads and writes", async () => {
    const note = json<Note[]>(await create({ title: 'Privada', text: 'Solo del espacio', farm_id: farmId })).data[0];
    const att = json<Note[]>(await attach(note.note_id, PDF)).data[0].attachments[0];
    const ws = `workspace_id=${other.workspace_id}`;
    expect((await call(app, 'GET', `notes?note_id=${note.note_id}&${ws}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(app, 'PUT', `notes?note_id=${note.note_id}&${ws}`, { token: other.token, body: { title: 'x', text: 'y' } })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `notes?note_id=${note.note_id}&${ws}`, { token: other.token })).statusCode).toBe(404);
    expect((await attach(note.note_id, PDF, 'x.pdf', other.token)).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `notes/attachments?note_attachment_id=${att.note_attachment_id}&${ws}`, { token: other.token })).statusCode).toBe(404);
    expect(json<Note[]>(await call(app, 'GET', `notes?${ws}`, { token: other.token })).data.map((n) => n.note_id)).not.toContain(note.note_id);
    // not a member of the owner's workspace: 403 before anything is read
    expect((await call(app, 'GET', `notes?workspace_id=${owner.workspace_id}`, { token: other.token })).statusCode).toBe(403);

    const member = await buildUser(app);
    const token = await addMember(app, owner.workspace_id, member, []);
    const list = await call(app, 'GET', `notes?workspace_id=${owner.workspace_id}&note_id=${note.note_id}`, { token });
    expect(list.statusCode, list.body).toBe(200);
    expect((await call(app, 'POST', `notes?workspace_id=${owner.workspace_id}`, { token, body: { title: 'Del miembro', text: 'ok' } })).statusCode).toBe(201);
  });
});
