import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPE_MSG } from '@fm/domain';
import { pdfText } from '../../pdf/pdf-text.test-helpers';
import { AppError } from '../../http/errors';
import { builtinIssuer, renderRecipePdf } from './builtin-issuer';
import { FAKE_ACCOUNT, startFakeRecipeServer, type FakeRecipeServer } from './fake-recipe-server.test-helpers';
import { httpIssuer } from './http-client';
import { createRecipeIssuer } from './index';
import { resolveRecipesKey, secretBox } from './secret-box';
import { sampleContent } from './recipe-content.test-helpers';


const appErrorOf = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
};

describe('secret box (AES-256-GCM)', () => {
  const key = Buffer.alloc(32, 7);
  it('seals with a fresh IV each time and opens only with the same key, untouched', () => {
    const box = secretBox(key);
    const a = box.seal('clave-secreta-1');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('clave');
    expect(box.seal('clave-secreta-1')).not.toBe(a);
    expect(box.open(a)).toBe('clave-secreta-1');
    expect(() => secretBox(Buffer.alloc(32, 8)).open(a)).toThrow();
    const parts = a.split(':');
    const flipped = Buffer.from(parts[3], 'base64');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64')].join(':'))).toThrow();
  });
  it('reads the configured key as hex or base64', () => {
    expect(resolveRecipesKey({ RECIPES_ENCRYPTION_KEY: 'ab'.repeat(32), FM_DATA_DIR: '/nonexistent', inMemory: true })).toEqual(Buffer.alloc(32, 0xab));
    expect(resolveRecipesKey({ RECIPES_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'), FM_DATA_DIR: '/nonexistent' })).toEqual(Buffer.alloc(32, 3));
  });
});

describe('built-in recipe issuer', () => {
  it('is the default and prints a numbered receta with the fields an Argentine one carries', async () => {
    expect(createRecipeIssuer({ RECIPES_API_URL: undefined }).kind).toBe('builtin');
    expect(await builtinIssuer.issue(sampleContent(), null, 'RA-00000003')).toEqual({ external_id: null, number: 'RA-00000003', status: 'Emitida' });
    const { pages, text } = await pdfText(await renderRecipePdf({ external_id: null, number: 'RA-00000003', status: 'Emitida', content: sampleContent(), created_at: '2026-11-26T15:00:00Z' }));
    expect(pages).toBe(1);
    for (const s of ['Receta agronómica', 'N° RA-00000003', '26/11/2026', '30712345671', 'La Esperanza', 'El Bajo', 'Soja', 'V3', 'Rama negra', 'Glifosato', '1,50 lt', '18,750 lt', 'Servicios Agrícolas Peñaloza', 'Aplicar con -15 km/h de viento', 'Período de carencia', '10 días', '24 horas', 'Utilizar elementos de protección personal', 'triple lavado', 'Registro SENASA', 'Clase toxicológica', 'Matrícula', 'Fecha real de aplicación']) {
      expect(text[0]).toContain(s);
    }
  });
  it('marks a cancelled receta', async () => {
    const { text } = await pdfText(await renderRecipePdf({ external_id: null, number: 'RA-1', status: 'Anulada', content: sampleContent(), created_at: new Date() }));
    expect(text[0]).toContain('ANULADA');
  });
});

describe('HTTP recipe client against a local fake service', () => {
  let fake: FakeRecipeServer;
  beforeAll(async () => {
    fake = await startFakeRecipeServer();
  });
  afterAll(async () => fake.close());

  it('is chosen when RECIPES_API_URL is set', () => {
    expect(createRecipeIssuer({ RECIPES_API_URL: fake.url }).kind).toBe('http');
  });

  it('verifies an account, issues, downloads and cancels with Basic credentials', async () => {
    const client = httpIssuer(fake.url);
    await client.verifyAccount(FAKE_ACCOUNT);
    const issued = await client.issue(sampleContent(), FAKE_ACCOUNT, 'ignored');
    expect(issued).toEqual({ external_id: 'EXT-501', number: '0001-00000501', status: 'Emitida' });
    const post = fake.seen.find((r) => r.method === 'POST' && r.path === '/recipes');
    expect(post?.authorization).toBe(`Basic ${Buffer.from(`${FAKE_ACCOUNT.user}:${FAKE_ACCOUNT.password}`).toString('base64')}`);
    expect(post?.body).toMatchObject({ work_order_id: 77, supplies: [{ name: 'Glifosato Roundup Full II' }] });
    const recipe = { ...issued, content: sampleContent(), created_at: new Date() };
    const pdf = await client.pdf(recipe, FAKE_ACCOUNT);
    expect((await pdfText(pdf)).text[0]).toContain('0001-00000501');
    await client.cancel(recipe, FAKE_ACCOUNT);
    expect(fake.recipes.get('EXT-501')?.status).toBe('Anulada');
  });

  it('answers Spanish errors: wrong credentials 422, unknown recipe 404, no account 422, service down 503', async () => {
    const client = httpIssuer(fake.url);
    const wrong = await appErrorOf(client.verifyAccount({ user: FAKE_ACCOUNT.user, password: 'otra' }));
    expect([wrong.status, wrong.message]).toEqual([422, RECIPE_MSG.credentialsInvalid]);
    const missing = await appErrorOf(client.pdf({ external_id: 'EXT-1', number: '1', status: 'Emitida', content: sampleContent(), created_at: new Date() }, FAKE_ACCOUNT));
    expect([missing.status, missing.message]).toEqual([404, RECIPE_MSG.notFound]);
    const noAccount = await appErrorOf(client.issue(sampleContent(), null, 'x'));
    expect([noAccount.status, noAccount.message]).toEqual([422, RECIPE_MSG.accountRequired]);
    fake.failing = true;
    try {
      const down = await appErrorOf(client.issue(sampleContent(), FAKE_ACCOUNT, 'x'));
      expect([down.status, down.message]).toEqual([503, RECIPE_MSG.serviceUnavailable]);
    } finally {
      fake.failing = false;
    }
    const closed = await appErrorOf(httpIssuer('http://127.0.0.1:9/api').verifyAccount(FAKE_ACCOUNT));
    expect(closed.status).toBe(503);
  });
});
