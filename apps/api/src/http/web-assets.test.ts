import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, registerWeb } from './web-assets';

/** A dist folder as `vite build` leaves it: hashed assets with their .br/.gz copies, index.html, a public file. */
const JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const HTML = '<!doctype html><html lang="es"><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'fm-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const js = path.join(dist, 'assets', 'index-abc123.js');
  writeFileSync(js, JS);
  writeFileSync(`${js}.br`, brotliCompressSync(JS));
  writeFileSync(`${js}.gz`, gzipSync(JS));
  writeFileSync(path.join(dist, 'index.html'), HTML);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await registerWeb(app, dist, '/fm/v1');
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('web assets (issue 8 item 4)', () => {
  it('serves the brotli copy of a hashed asset to a client that takes br, immutable for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('serves gzip when br is not accepted, and the plain file without Accept-Encoding', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(JS);
  });

  it('never serves the compressed copies by name', async () => {
    expect((await get('/assets/index-abc123.js.br', 'br')).headers['content-type']).toMatch(/text\/html/);
  });

  it('index.html (at /, at a client route and by name) is revalidated on every use, compressed by Accept-Encoding', async () => {
    for (const url of ['/', '/home', '/plan-de-siembra/3/asignar-cultivo', '/index.html']) {
      const br = await get(url, 'gzip, br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(HTML);
    }
    const gz = await get('/home', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(HTML);
    const plain = await get('/home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HTML);
  });

  it('unhashed public files are not immutable', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('an unknown API path stays a 404 envelope', async () => {
    const res = await get('/fm/v1/nada', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, status: 404 });
  });
});
