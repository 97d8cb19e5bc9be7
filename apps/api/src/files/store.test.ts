import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildUser, call, createTestApp } from '../test/app';
import { invoicePdf } from '../modules/inventory/document-reader.test-helpers';
import { createFileStore, FileMissingError, LocalFileStore, newStorageKey, S3FileStore, saveUpload, type FileStore } from './index';

const BUCKET = 'fm-files';
let server: S3rver;
let s3dir: string;
let endpoint: string;
beforeAll(async () => {
  s3dir = await mkdtemp(path.join(tmpdir(), 'fm-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(s3dir, { recursive: true, force: true });
});

/** s3rver's default account. It checks the access key; it does not verify V4 signatures. */
const s3 = (over: Partial<ConstructorParameters<typeof S3FileStore>[0]> = {}) =>
  new S3FileStore({ endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', pathStyle: true, ...over });

async function roundTrip(store: FileStore) {
  const key = newStorageKey('pdf');
  const body = new TextEncoder().encode('%PDF-1.7 contenido ñandú');
  await store.put(key, body, 'application/pdf');
  expect(await text(await store.get(key))).toBe('%PDF-1.7 contenido ñandú');
  await store.delete(key);
  await expect(store.get(key)).rejects.toBeInstanceOf(FileMissingError);
  await store.delete(key); // deleting again is not an error
}

describe('LocalFileStore', () => {
  it('round-trips bytes and refuses keys it did not generate', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'fm-local-'));
    const store = new LocalFileStore(root);
    await roundTrip(store);
    for (const key of ['../secreto', '/etc/passwd', '2026/../../x', 'Factura.PDF', 'a//b']) {
      await expect(store.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(/invalid storage key/);
    }
    expect((await readdir(root, { recursive: true })).filter((f) => f.endsWith('.partial'))).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
});

describe('S3FileStore against a local S3-compatible server (s3rver)', () => {
  it('puts, streams and deletes an object', async () => {
    await roundTrip(s3());
  });

  it('fails loudly on an unknown access key or bucket', async () => {
    await expect(s3({ accessKeyId: 'NADIE' }).put(newStorageKey('png'), new Uint8Array([1]), 'image/png')).rejects.toThrow(/S3 PUT .*: 403 InvalidAccessKeyId/);
    await expect(s3({ bucket: 'no-existe' }).put(newStorageKey('png'), new Uint8Array([1]), 'image/png')).rejects.toThrow(/404 NoSuchBucket/);
  });

  it('is what the app uses when FILES_S3_* is configured: an upload is stored in the bucket and served from it', async () => {
    const app = await createTestApp({
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_BUCKET: BUCKET,
      FILES_S3_ACCESS_KEY: 'S3RVER',
      FILES_S3_SECRET_KEY: 'S3RVER',
      FILES_S3_REGION: 'us-east-1',
      FILES_S3_PATH_STYLE: 'true',
    });
    try {
      expect(app.fileStore.kind).toBe('s3');
      const u = await buildUser(app);
      const pdf = await invoicePdf();
      const saved = await saveUpload(app.db, app.fileStore, { workspaceId: u.workspace_id, userId: u.user_id, filename: 'f.pdf', buffer: pdf });
      expect((await readdir(path.join(s3dir, BUCKET), { recursive: true })).some((f) => f.endsWith('.pdf._S3rver_object'))).toBe(true);
      const res = await call(app, 'GET', `files/${saved.file_id}`, { token: u.token });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await app.cleanup();
    }
  });
});

describe('configuration', () => {
  it('keeps files under FM_DATA_DIR/files by default, and requires the bucket and keys with an S3 endpoint', async () => {
    const store = await createFileStore(loadConfig({ FM_DATA_DIR: '/tmp/fm-datos' }));
    expect(store).toBeInstanceOf(LocalFileStore);
    expect((store as LocalFileStore).root).toBe('/tmp/fm-datos/files');
    expect(() => loadConfig({ FILES_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/FILES_S3_BUCKET: required[\s\S]*FILES_S3_ACCESS_KEY[\s\S]*FILES_S3_SECRET_KEY/);
    expect(() => loadConfig({ FILES_S3_ENDPOINT: 'ftp://x', FILES_S3_BUCKET: 'b', FILES_S3_ACCESS_KEY: 'a', FILES_S3_SECRET_KEY: 's' })).toThrow(/FILES_S3_ENDPOINT/);
    const config = loadConfig({ FILES_S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com', FILES_S3_BUCKET: 'campo-archivos', FILES_S3_ACCESS_KEY: 'a', FILES_S3_SECRET_KEY: 's', FILES_S3_PATH_STYLE: 'false' });
    expect(await createFileStore(config)).toBeInstanceOf(S3FileStore);
  });
});
