import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { BULK_COLUMNS, BULK_MSG, type BulkError, type BulkMovement } from '@fm/domain';
import { carriers, destinations, transports } from '../../../db/schema/index';
import { share } from '../../../http/sharing';
import { buildUser, memberWithout, call, createTestApp, json, type TestApp, type TestUser } from '../../../test/app';
import { q, woFixture, type WoFixture } from '../../work-orders/work-orders.test-helpers';
import { multipartFile } from '../../land/land.test-helpers';
import { loadBulkChoices, planLabel } from './bulk-lookups';
import { readBulkSheet } from './bulk-sheet';
import { templateXlsx } from './bulk-template';

type Checked = { movements: BulkMovement[]; errors: BulkError[]; total_rows: number };

const emptyLists = { farms: [], plots: [], destinations: [], transports: [], drivers: [], partners: [] };

describe('grain movements bulk load', () => {
  let app: TestApp;
  let owner: TestUser;
  let fx: WoFixture;
  let label: string;
  const upload = (user: TestUser, filename: string, bytes: Uint8Array) => {
    const { payload, headers } = multipartFile(filename, bytes);
    return app.inject({ method: 'POST', url: `/fm/v1/grains/movements/import?${q(user)}`, payload, headers: { ...headers, authorization: `Bearer ${user.token}` } });
  };
  const row = (over: Partial<Record<(typeof BULK_COLUMNS)[number]['key'], string>> = {}) =>
    BULK_COLUMNS.map((c) => ({ farm: label, plot: 'La Loma', destination: 'Acopio Cooperativa', date: '15/03/2026', transport: 'Transportes del Sur', driver: 'Carlos Gómez', tons: '30,5', humidity: '14', price_usd: '25', ...over })[c.key as string] ?? '');

  beforeAll(async () => {
    app = await createTestApp();
    owner = await buildUser(app);
    fx = await woFixture(app, owner);
    label = planLabel((await loadBulkChoices(app.db, owner.workspace_id)).plans[0]);
    const [acopio] = await app.db.insert(destinations).values({ user_id: owner.user_id, name: 'Acopio Cooperativa', destination_type: 'Acopio' }).returning();
    const [silo] = await app.db.insert(destinations).values({ user_id: owner.user_id, name: 'Silo Norte', destination_type: 'Silo' }).returning();
    const [transport] = await app.db.insert(transports).values({ user_id: owner.user_id, name: 'Transportes del Sur' }).returning();
    await app.db.insert(carriers).values({ user_id: owner.user_id, transport_id: transport.transport_id, name: 'Carlos Gómez', chassis_patent: 'AB123CD', trailer_patent: 'ABC123' });
    await share(app.db, 'destinations', acopio.destination_id, [owner.workspace_id]);
    await share(app.db, 'destinations', silo.destination_id, [owner.workspace_id]);
    await share(app.db, 'transports', transport.transport_id, [owner.workspace_id]);
  });
  afterAll(() => app.cleanup());

  it('downloads the Excel template with 20 blank rows and dropdowns of the workspace, and the CSV one', async () => {
    const res = await call(app, 'GET', `grains/movements/template?${q(owner, 'format=xlsx')}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="carga-masiva-movimientos-granos.xlsx"');
    const sheet = readBulkSheet(res.rawPayload);
    expect(sheet[0]).toEqual(BULK_COLUMNS.map((c) => c.header));
    expect(sheet).toHaveLength(1); // the 20 blank rows carry no cells
    expect(res.rawPayload.toString('latin1')).toContain('PK');
    const csv = await call(app, 'GET', `grains/movements/template?${q(owner, 'format=csv')}`, { token: owner.token });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(21);
    expect(lines[0].split(',')[0]).toBe(BULK_COLUMNS[0].header);
  });

  it('checks an xlsx row by row: good rows become movements, bad cells are named per column', async () => {
    const bytes = templateXlsx(emptyLists, [row(), row({ plot: 'Lote inexistente', tons: '12,3456' }), row({ destination: 'Silo Norte', date: '30/02/2026' })]);
    const res = await upload(owner, 'carga.xlsx', bytes);
    expect(res.statusCode).toBe(200);
    const checked = json<Checked[]>(res).data[0];
    expect(checked.total_rows).toBe(3);
    expect(checked.movements).toHaveLength(1);
    expect(checked.movements[0]).toMatchObject({ row: 2, season_plan_id: fx.seasonPlan, field_crop_id: fx.plots[1].field_crop_id, origin_tons: '30.50', chassis_patent: 'AB123CD', load_date: '2026-03-15' });
    expect(checked.errors.map((e) => [e.message, e.cells])).toEqual([
      [BULK_MSG.plot, ['B3']],
      [BULK_MSG.destination, ['C4']],
      [BULK_MSG.date, ['D4']],
      [BULK_MSG.tons, ['L3']],
    ]);
  });

  it('reads a CSV saved by Excel in Spanish (semicolons, Windows-1252)', async () => {
    const text = [BULK_COLUMNS.map((c) => c.header).join(';'), row().join(';')].join('\r\n');
    const res = await upload(owner, 'carga.csv', Buffer.from(text, 'latin1'));
    expect(res.statusCode).toBe(200);
    expect(json<Checked[]>(res).data[0].movements).toHaveLength(1);
  });

  it("answers 'Error al procesar el archivo…' for a broken file, another sheet, a zip bomb and a binary file", async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(210 * 1024 * 1024) }, { level: 1 });
    const other = templateXlsx(emptyLists).slice(0, 200);
    const notOurs = Buffer.from('nombre,apellido\r\nJuan,Pérez\r\n');
    const zipWithoutSheet = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
    for (const [name, bytes] of [['bomba.xlsx', bomb], ['cortado.xlsx', other], ['otra.csv', notOurs], ['doc.xlsx', zipWithoutSheet], ['foto.xlsx', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])]] as const) {
      const res = await upload(owner, name, bytes);
      expect(res.statusCode, name).toBe(422);
      expect(json(res).message, name).toBe(BULK_MSG.file);
    }
  });

  it('never evaluates formulas: a formula cell gives its cached text', () => {
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="str"><f>HYPERLINK("http://evil","x")</f><v>x</v></c><c r="B1"><f>1+1</f><v>2</v></c></row></sheetData></worksheet>`;
    const bytes = zipSync({ 'xl/worksheets/sheet1.xml': strToU8(sheet) });
    expect(readBulkSheet(bytes)).toEqual([['x', '2']]);
  });

  it('needs commercialization_movement: a member without it gets 403', async () => {
    const token = await memberWithout(app, owner.workspace_id, 'commercialization_movement');
    const { payload, headers } = multipartFile('a.csv', Buffer.from('x'));
    const res = await app.inject({ method: 'POST', url: `/fm/v1/grains/movements/import?${q(owner)}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect((await call(app, 'GET', `grains/movements/template?${q(owner)}`, { token })).statusCode).toBe(403);
  });
});
