import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { defaultPermissions, DOCUMENT_MSG, FILE_MSG, UPLOAD_MAX_BYTES, type DocumentReading } from '@fm/domain';
import { files, providers, supplies } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { addMember, buildUser, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { afipQrUrl, flateBombPdf, invoicePdf, ISSUER_CUIT, letterPdf, multipart, qrPhotoJpeg, samplePayload } from './document-reader.test-helpers';

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let providerId: number;
let roundupId: number;
let roundupUnit: number;
let ownAtrazinaId: number;
beforeAll(async () => {
  app = await createTestApp();
  [owner, stranger] = [await buildUser(app), await buildUser(app)];
  const [p] = await app.db.insert(providers).values({ user_id: owner.user_id, name: 'Agroinsumos del Sur', tax_identifier: ISSUER_CUIT }).returning();
  providerId = p.provider_id;
  await share(app.db, 'providers', providerId, [owner.workspace_id]);
  // the same CUIT among the stranger's providers must never be offered to the owner, nor the owner's to him
  const [q] = await app.db.insert(providers).values({ user_id: stranger.user_id, name: 'Proveedor ajeno', tax_identifier: ISSUER_CUIT }).returning();
  await share(app.db, 'providers', q.provider_id, [stranger.workspace_id]);
  // the starter catalogue's Roundup Full II (Bayer), seeded with the reference data
  const [roundup] = await app.db.select().from(supplies).where(and(isNull(supplies.workspace_id), eq(supplies.name, 'Roundup Full II')));
  [roundupId, roundupUnit] = [roundup.supply_id, roundup.unit_id];
  const [own] = await app.db.insert(supplies).values({ workspace_id: owner.workspace_id, name: 'Atrazina 90 WG', supply_type_id: 1, unit_id: 3 }).returning();
  ownAtrazinaId = own.supply_id;
  await app.db.insert(supplies).values({ workspace_id: stranger.workspace_id, name: 'Glifosato Roundup Full II 20 L', supply_type_id: 1, unit_id: 2 });
});
afterAll(() => app.cleanup());

const post = (type: 'invoice' | 'delivery-note', file: { filename: string; content: Uint8Array | string; contentType?: string }, token = owner.token) => {
  const { payload, headers } = multipart(file);
  return app.inject({ method: 'POST', url: `/fm/v1/supplies/stocks/${type}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
const fileCount = async () => Number((await app.db.select({ n: sql<number>`count(*)` }).from(files))[0].n);

describe('POST supplies/stocks/invoice', () => {
  it('reads a PDF invoice: fiscal QR, provider by CUIT, items from the text matched to the catalogue (the own supply before the catalogue’s Atrazina 90% WG); saves nothing', async () => {
    const before = await fileCount();
    const res = await post('invoice', { filename: 'factura.pdf', content: await invoicePdf() });
    expect(res.statusCode).toBe(200);
    expect(json<DocumentReading[]>(res).data[0]).toEqual({
      invoice: '00003-00001234',
      delivery_note: null,
      provider: { provider_id: providerId, name: 'Agroinsumos del Sur', tax_identifier: ISSUER_CUIT },
      provider_suggestion: null,
      document: { cuit: ISSUER_CUIT, point_of_sale: 3, invoice_type: 1, number: 1234, date: '2026-11-20', total: 150000.5, currency: 'PES', exchange_rate: 1 },
      supplies: [
        { supply_id: roundupId, name: 'Glifosato Roundup Full II', unit_id: roundupUnit, quantity: 20, price: 5250.5, exchange_rate: null },
        { supply_id: ownAtrazinaId, name: 'Atrazina 90 WG', unit_id: 3, quantity: 10, price: 4499.05, exchange_rate: null },
      ],
    });
    expect(await fileCount()).toBe(before);
  });

  it('reads the QR of a phone photo and, with no provider of that CUIT here, suggests creating it', async () => {
    const photo = await qrPhotoJpeg(afipQrUrl(samplePayload({ moneda: 'DOL', ctz: 1015.5, importe: 1200 })));
    const res = await post('invoice', { filename: 'foto.jpg', content: photo }, stranger.token);
    expect(res.statusCode).toBe(200);
    const data = json<DocumentReading[]>(res).data[0];
    // the stranger's own provider with that CUIT is his: matched for him
    expect(data.provider?.name).toBe('Proveedor ajeno');
    expect(data).toMatchObject({ invoice: '00003-00001234', supplies: [], document: { currency: 'DOL', exchange_rate: 1015.5, total: 1200 } });

    const third = await buildUser(app);
    const fresh = json<DocumentReading[]>(await post('invoice', { filename: 'foto.jpg', content: photo }, third.token)).data[0];
    expect(fresh).toMatchObject({ provider: null, provider_suggestion: { tax_identifier: ISSUER_CUIT } });
  });

  it('renders the page in the worker when the QR is vector graphics (the canvas loads in a worker thread)', async () => {
    const res = await post('invoice', { filename: 'vectorial.pdf', content: await invoicePdf({ vectorQr: true }) });
    expect(json<DocumentReading[]>(res).data[0].document).toMatchObject({ cuit: ISSUER_CUIT, number: 1234 });
  });

  it('converts the prices of a foreign-currency invoice to ARS at its rate, exactly', async () => {
    const pdf = await invoicePdf({ payload: samplePayload({ moneda: 'DOL', ctz: 1015.25 }), rows: [{ code: '1', name: 'Roundup Full II', quantity: '2,5', unit: 'l', price: '12,50', subtotal: '31,25' }] });
    const data = json<DocumentReading[]>(await post('invoice', { filename: 'usd.pdf', content: pdf })).data[0];
    expect(data.supplies).toEqual([{ supply_id: roundupId, name: 'Roundup Full II', unit_id: roundupUnit, quantity: 2.5, price: 12690.625, exchange_rate: 1015.25 }]);
  });

  it('answers the Spanish 422 for a document it cannot read, a wrong type, an oversize file and a PDF bomb, writing nothing', async () => {
    const before = await fileCount();
    const unreadable = await post('invoice', { filename: 'carta.pdf', content: await letterPdf() });
    expect([unreadable.statusCode, json(unreadable).message]).toEqual([422, DOCUMENT_MSG.unreadable]);
    expect(json(await post('invoice', { filename: 'roto.pdf', content: '%PDF-1.4 roto' })).message).toBe(DOCUMENT_MSG.unreadable);
    const html = await post('invoice', { filename: 'factura.pdf', content: '<html>hola</html>', contentType: 'application/pdf' });
    expect([html.statusCode, json(html).message]).toEqual([422, FILE_MSG.invalidType]);
    const big = await post('invoice', { filename: 'grande.pdf', content: Buffer.concat([await invoicePdf(), Buffer.alloc(UPLOAD_MAX_BYTES)]) });
    expect([big.statusCode, json(big).message]).toEqual([422, FILE_MSG.tooLarge]);
    const bomb = await post('invoice', { filename: 'bomba.pdf', content: flateBombPdf(80) });
    expect([bomb.statusCode, json(bomb).message]).toEqual([422, DOCUMENT_MSG.unreadable]);
    const pages = await post('invoice', { filename: 'largo.pdf', content: await invoicePdf({ extraPages: 20 }) });
    expect([pages.statusCode, json(pages).message]).toEqual([422, DOCUMENT_MSG.tooManyPages]);
    const empty = await app.inject({ method: 'POST', url: '/fm/v1/supplies/stocks/invoice', payload: {}, headers: { authorization: `Bearer ${owner.token}` } });
    expect([empty.statusCode, json(empty).message]).toEqual([422, DOCUMENT_MSG.fileRequired]);
    expect(await fileCount()).toBe(before);
  });

  it('keeps the request thread free while a PDF bomb is checked in the worker: GET health answers meanwhile', async () => {
    let done = false;
    const pending = post('invoice', { filename: 'bomba.pdf', content: flateBombPdf(80) }).finally(() => (done = true));
    let healthy = 0;
    while (!done) {
      const health = await app.inject({ method: 'GET', url: '/fm/v1/health' });
      if (!done && health.statusCode === 200) healthy += 1;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await pending).statusCode).toBe(422);
    expect(healthy).toBeGreaterThan(0);
  });

  it('needs a token and the stock_supplies permission', async () => {
    const { payload, headers } = multipart({ filename: 'f.pdf', content: '%PDF-1.4' });
    expect((await app.inject({ method: 'POST', url: '/fm/v1/supplies/stocks/invoice', payload, headers })).statusCode).toBe(401);
    const member = await buildUser(app);
    const token = await addMember(app, owner.workspace_id, member, defaultPermissions().map((p) => (p.module === 'stock_supplies' ? { ...p, read: true, create: false } : p)));
    expect((await post('invoice', { filename: 'f.pdf', content: await invoicePdf() }, token)).statusCode).toBe(403);
  });
});

describe('POST supplies/stocks/delivery-note', () => {
  it('reads the delivery note number and items of a remito without a QR', async () => {
    const pdf = await invoicePdf({ payload: null, title: 'REMITO N° 0002-00004567' });
    const res = await post('delivery-note', { filename: 'remito.pdf', content: pdf });
    expect(res.statusCode).toBe(200);
    const data = json<DocumentReading[]>(res).data[0];
    expect(data).toMatchObject({ delivery_note: '00002-00004567', document: null, provider: { provider_id: providerId } });
    expect(data.supplies.map((s) => s.supply_id)).toEqual([roundupId, ownAtrazinaId]);
    const [row] = await app.db.select().from(supplies).where(eq(supplies.supply_id, ownAtrazinaId));
    expect(row.workspace_id).toBe(owner.workspace_id);
  });
});
