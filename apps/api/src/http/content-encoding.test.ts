import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/app';
import { COMPRESS_MIN_BYTES, compressJsonAnswers, pickEncoding } from './content-encoding';

/** A page-like answer well over the threshold, and one under it. */
const BIG = { success: true, status: 200, data: Array.from({ length: 200 }, (_, i) => ({ work_order_id: i, name: `Orden ${i}`, notes: 'Aplicar con buena humedad.' })) };
/** Past the size compressed on the request thread: this one goes to the thread pool. */
const HUGE = { ...BIG, data: Array.from({ length: 6000 }, (_, i) => ({ work_order_id: i, name: `Orden ${i}`, notes: 'Aplicar con buena humedad.' })) };
const SMALL = { success: true, status: 200, data: [{ status: 'ok' }] };
const SPLICED = `{"success":true,"status":200,"data":[${Array.from({ length: 100 }, (_, i) => `{"id" : ${i}, "name" : "Lote ${i}"}`).join(',')}]}`;

let bare: FastifyInstance;
beforeAll(async () => {
  bare = Fastify();
  compressJsonAnswers(bare);
  bare.get('/big', async () => BIG);
  bare.get('/huge', async () => HUGE);
  bare.get('/small', async () => SMALL);
  bare.get('/spliced', (_request, reply) => reply.type('application/json; charset=utf-8').send(SPLICED));
  bare.get('/pdf', (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(4 * COMPRESS_MIN_BYTES, 1)));
  bare.get('/stream', (_request, reply) => reply.type('application/json').send(Readable.from([JSON.stringify(BIG)])));
  bare.get('/encoded', (_request, reply) => reply.type('application/json').header('content-encoding', 'gzip').send(gzipSync(JSON.stringify(BIG))));
  bare.get('/varied', (_request, reply) => reply.header('vary', 'origin').send(BIG));
  await bare.ready();
});
afterAll(() => bare.close());

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  bare.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed JSON answers', () => {
  it('sends a large JSON answer as brotli to a client that takes br, the same JSON once decoded', async () => {
    const res = await get('/big', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(BIG).length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(BIG);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('compresses an answer too large for the request thread on the thread pool, in both encodings', async () => {
    expect(JSON.stringify(HUGE).length).toBeGreaterThan(256 * 1024);
    const br = await get('/huge', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(HUGE);
    const gzip = await get('/huge', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(HUGE);
  });

  it('sends gzip to a client that refuses br, and spliced JSON text too', async () => {
    const res = await get('/spliced', 'br;q=0, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(SPLICED);
  });

  it('sends the answer as it is to a client that names no encoding, saying it could vary', async () => {
    const res = await get('/big');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.json()).toEqual(BIG);
  });

  it('leaves small answers, other types, streams, answers already encoded and HEAD alone', async () => {
    const small = await get('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(SMALL);
    const pdf = await get('/pdf', 'br');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload).toHaveLength(4 * COMPRESS_MIN_BYTES);
    const stream = await get('/stream', 'br');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(BIG);
    const encoded = await get('/encoded', 'br');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString('utf8'))).toEqual(BIG);
    const head = await get('/big', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('adds accept-encoding to a Vary the route set', async () => {
    const res = await get('/varied', 'gzip');
    expect(res.headers.vary).toBe('origin, accept-encoding');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('negotiates the encoding', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });
});

describe('compressed JSON answers in the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.cleanup());

  it('compresses a large API answer (the OpenAPI document) and leaves health as it is', async () => {
    const plain = await app.inject({ method: 'GET', url: '/fm/v1/docs/json' });
    const res = await app.inject({ method: 'GET', url: '/fm/v1/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
    const health = await call(app, 'GET', 'health', { headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ success: true });
  });
});
