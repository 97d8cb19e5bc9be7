import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_MSG, fileTooLarge, UPLOAD_MAX_BYTES } from '@fm/domain';
import { files } from '../db/schema/index';
import { addMember, buildUser, call, createTestApp, type TestApp, type TestUser } from '../test/app';
import { invoicePdf, qrPhotoPng } from '../modules/inventory/document-reader.test-helpers';
import { AppError } from '../http/errors';
import { checkUpload, deleteUpload, LocalFileStore, saveUpload } from './index';
import { contentDisposition, FILE_NOT_FOUND } from './files.routes';

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let pdf: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  [owner, stranger] = [await buildUser(app), await buildUser(app)];
  pdf = await invoicePdf();
});
afterAll(() => app.cleanup());

const root = () => (app.fileStore as LocalFileStore).root;
async function storedKeys(): Promise<string[]> {
  const entries = await readdir(root(), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}
const rowsOf = (workspaceId: number) => app.db.select().from(files).where(eq(files.workspace_id, workspaceId));

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('saveUpload', () => {
  it('stores the bytes under a generated key and the row with the type read from the content', async () => {
    const png = await qrPhotoPng('hola');
    const saved = await saveUpload(app.db, app.fileStore, {
      workspaceId: owner.workspace_id,
      userId: owner.user_id,
      filename: '../../etc/factura "final".pdf',
      mimetype: 'application/pdf',
      buffer: png,
    });
    expect(saved).toMatchObject({ url: `/fm/v1/files/${saved.file_id}`, content_type: 'image/png', size_bytes: png.length, original_name: 'factura final.pdf' });
    const [row] = await app.db.select().from(files).where(eq(files.file_id, saved.file_id));
    expect(row.storage_key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(row.storage_key).not.toContain('factura');
    expect(await storedKeys()).toContain(row.storage_key.split('/').pop());
  });

  it('refuses wrong magic bytes and oversize files with the Spanish 422, writing nothing', async () => {
    const ws = await buildUser(app);
    const before = await storedKeys();
    const html = Buffer.from('<html><body>no soy un PDF</body></html>');
    const wrong = await refusal(saveUpload(app.db, app.fileStore, { workspaceId: ws.workspace_id, userId: ws.user_id, filename: 'factura.pdf', mimetype: 'application/pdf', buffer: html, field: 'invoice_file' }));
    expect([wrong.status, wrong.message, wrong.detail]).toEqual([422, FILE_MSG.invalidType, [{ loc: ['body', 'invoice_file'], msg: FILE_MSG.invalidType }]]);
    // a PDF where only images are allowed, and a PDF with junk before its header
    expect((await refusal(saveUpload(app.db, app.fileStore, { workspaceId: ws.workspace_id, userId: ws.user_id, filename: 'a.pdf', buffer: pdf, allowed: ['png'] }))).message).toBe(FILE_MSG.invalidType);
    expect(() => checkUpload({ filename: 'a.pdf', buffer: Buffer.concat([Buffer.from('<script>'), pdf]) })).toThrow(FILE_MSG.invalidType);
    const big = Buffer.concat([pdf, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const tooBig = await refusal(saveUpload(app.db, app.fileStore, { workspaceId: ws.workspace_id, userId: ws.user_id, filename: 'a.pdf', buffer: big }));
    expect([tooBig.status, tooBig.message]).toEqual([422, 'El archivo supera el tamaño máximo de 10 MB.']);
    expect(() => checkUpload({ filename: 'a.pdf', buffer: pdf, maxBytes: 1024 })).toThrow(fileTooLarge(1024));
    expect(await rowsOf(ws.workspace_id)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it('deleteUpload removes the row and the bytes, only within the workspace', async () => {
    const saved = await saveUpload(app.db, app.fileStore, { workspaceId: owner.workspace_id, userId: owner.user_id, filename: 'r.pdf', buffer: pdf });
    const [row] = await app.db.select().from(files).where(eq(files.file_id, saved.file_id));
    expect(await deleteUpload(app.db, app.fileStore, stranger.workspace_id, saved.file_id)).toBe(false);
    expect(await storedKeys()).toContain(row.storage_key.split('/').pop());
    expect(await deleteUpload(app.db, app.fileStore, owner.workspace_id, saved.file_id)).toBe(true);
    expect(await storedKeys()).not.toContain(row.storage_key.split('/').pop());
    expect(await app.db.select().from(files).where(eq(files.file_id, saved.file_id))).toEqual([]);
  });
});

describe('GET files/:file_id', () => {
  it('streams the file to the owner and members, with its type, a safe inline name and nosniff', async () => {
    const saved = await saveUpload(app.db, app.fileStore, { workspaceId: owner.workspace_id, userId: owner.user_id, filename: 'Factura Año 2026.pdf', buffer: pdf });
    const res = await call(app, 'GET', `files/${saved.file_id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Factura Ano 2026.pdf"; filename*=UTF-8''Factura%20A%C3%B1o%202026.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const member = await buildUser(app);
    const memberToken = await addMember(app, owner.workspace_id, member);
    expect((await call(app, 'GET', `files/${saved.file_id}`, { token: memberToken })).statusCode).toBe(200);
  });

  it('answers 404 to anyone outside the workspace (as for an unknown id), 401 without a token', async () => {
    const saved = await saveUpload(app.db, app.fileStore, { workspaceId: owner.workspace_id, userId: owner.user_id, filename: 'x.pdf', buffer: pdf });
    const other = await call(app, 'GET', `files/${saved.file_id}`, { token: stranger.token });
    expect([other.statusCode, other.json().message]).toEqual([404, FILE_NOT_FOUND]);
    expect(other.body).not.toContain('%PDF');
    // naming the file's workspace does not help a non-member
    expect((await call(app, 'GET', `files/${saved.file_id}?workspace_id=${owner.workspace_id}`, { token: stranger.token })).statusCode).toBe(403);
    expect((await call(app, 'GET', 'files/999999', { token: owner.token })).json().message).toBe(FILE_NOT_FOUND);
    expect((await call(app, 'GET', `files/${saved.file_id}`)).statusCode).toBe(401);
  });

  it('serves a catalogue document (no workspace) to any signed-in user; a row whose bytes are gone is a 404', async () => {
    const sheet = await saveUpload(app.db, app.fileStore, { workspaceId: null, userId: null, filename: 'ficha.pdf', buffer: pdf });
    expect((await call(app, 'GET', `files/${sheet.file_id}`, { token: stranger.token })).statusCode).toBe(200);
    const [row] = await app.db.select().from(files).where(eq(files.file_id, sheet.file_id));
    await app.fileStore.delete(row.storage_key);
    expect((await call(app, 'GET', `files/${sheet.file_id}`, { token: stranger.token })).statusCode).toBe(404);
  });

  it('names the download after the stored type, whatever extension was uploaded', () => {
    expect(contentDisposition('foto.html', 'image/jpeg')).toBe(`inline; filename="foto.jpg"; filename*=UTF-8''foto.jpg`);
    expect(contentDisposition('a"b\\c.pdf', 'application/pdf')).toMatch(/^inline; filename="a_b_c.pdf"/);
  });
});
