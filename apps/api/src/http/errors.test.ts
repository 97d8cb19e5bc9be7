import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { farms, fields, users } from '../db/schema/index';
import { buildUser, createTestApp, type TestApp } from '../test/app';
import { registerErrorHandler } from './errors';

/** The driver's own foreign-key errors (PGlite or PostgreSQL), answered by the one error handler. */
let app: TestApp;
let probe: FastifyInstance;
const caught: Record<string, unknown> = {};
beforeAll(async () => {
  app = await createTestApp();
  const u = await buildUser(app);
  caught.missing = await app.db.update(users).set({ city_id: 99_999_999 }).where(eq(users.user_id, u.user_id)).catch((e: unknown) => e);
  const [farm] = await app.db.insert(farms).values({ user_id: u.user_id, name: 'Con lotes' }).returning();
  await app.db.insert(fields).values({ farm_id: farm.farm_id, name: 'Lote 1', hectares: 10 });
  caught.referenced = await app.db.delete(farms).where(eq(farms.farm_id, farm.farm_id)).catch((e: unknown) => e);
  probe = Fastify();
  registerErrorHandler(probe);
  probe.get('/:kind', async (request) => {
    throw caught[(request.params as { kind: string }).kind];
  });
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await app.cleanup();
});

describe('foreign-key errors', () => {
  it('answer 422 on the field when a change names a row that does not exist', async () => {
    const res = await probe.inject({ method: 'GET', url: '/missing' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, status: 422, message: 'El valor elegido no existe o fue eliminado', detail: [{ loc: ['body', 'city_id'] }] });
  });

  it('answer 409 when a delete would leave other rows pointing at nothing', async () => {
    const res = await probe.inject({ method: 'GET', url: '/referenced' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El registro está en uso por otros datos y no puede eliminarse');
  });
});
