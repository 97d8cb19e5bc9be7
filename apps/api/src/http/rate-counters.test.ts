import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildUser, call, createTestApp, type TestApp } from '../test/app';
import { hitCounter, pruneCounters, readCounters } from './rate-counters';
import { rateCounters } from '../db/schema/index';
import { loadConfig, trustProxy } from '../config';

let app: TestApp;
let twin: FastifyInstance;
beforeAll(async () => {
  // AUTH_RATE_LIMIT 4: 4 failed sign-ins per account; sign-up, resend and reset 12 per IP
  app = await createTestApp({ AUTH_RATE_LIMIT: 4 });
  twin = await app.twin();
});
afterAll(() => app.cleanup());

describe('rate counters in the database', () => {
  it('counts hits in a window, loses none under concurrency, and starts over when the window ends', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => hitCounter(app.db, 'test:concurrent', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(counts[0].ttlMs).toBeGreaterThan(50_000);
    expect((await readCounters(app.db, ['test:concurrent', 'test:none'])).get('test:none')).toBe(0);

    await hitCounter(app.db, 'test:short', 1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await readCounters(app.db, ['test:short'])).get('test:short')).toBe(0);
    expect((await hitCounter(app.db, 'test:short', 60_000)).count).toBe(1);
  });

  it('prunes only windows that ended', async () => {
    await hitCounter(app.db, 'test:ended', 1);
    await new Promise((r) => setTimeout(r, 20));
    await pruneCounters(app.db);
    const keys = (await app.db.select({ key: rateCounters.key }).from(rateCounters)).map((r) => r.key);
    expect(keys).not.toContain('test:ended');
    expect(keys).toContain('test:concurrent');
  });
});

describe('abuse limits shared by every API instance', () => {
  it('counts failed sign-ins on both instances together', async () => {
    const u = await buildUser(app);
    const wrong = { body: { email: u.email, password: 'incorrecta' } };
    expect((await call(app, 'POST', 'users/signin', wrong)).statusCode).toBe(401);
    expect((await call(twin, 'POST', 'users/signin', wrong)).statusCode).toBe(401);
    expect((await call(app, 'POST', 'users/signin', wrong)).statusCode).toBe(401);
    expect((await call(twin, 'POST', 'users/signin', wrong)).statusCode).toBe(401);
    // the fifth try, even with the right password, is refused on either instance
    expect((await call(app, 'POST', 'users/signin', { body: { email: u.email, password: u.password } })).statusCode).toBe(429);
    expect((await call(twin, 'POST', 'users/signin', { body: { email: u.email, password: u.password } })).statusCode).toBe(429);
  });

  it('limits password-reset requests per IP across instances, with a Spanish message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      // a forged X-Forwarded-For does not make a new client: no proxy is trusted by default (TRUST_PROXY)
      const headers = { 'x-forwarded-for': `203.0.113.${i}` };
      const res = await call(i % 2 ? twin : app, 'GET', `emails/user/password/reset?email=nadie${i}@test.local`, { headers });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses[12]).toBe(429);
    const refused = await call(app, 'GET', 'emails/user/password/reset?email=otro@test.local');
    expect(refused.json()).toMatchObject({ success: false, status: 429 });
    expect(refused.json().message).toMatch(/[Dd]emasiad/);
  });
});

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count or proxy addresses', () => {
    const parse = (TRUST_PROXY?: string) => trustProxy(loadConfig(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }));
    expect(parse()).toBe(false);
    expect(parse('true')).toBe(true);
    const oneHop = parse('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(parse('10.0.0.0/8,127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
  });
});
