import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client';
import { companies, providers, supplies, warehouses } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { createTestApp, type TestApp, type TestUser } from '../../test/app';

/** A test app whose uploads land in a fresh temporary data folder. */
export async function inventoryApp(): Promise<{ app: TestApp; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fm-inv-'));
  return { app: await createTestApp({ FM_DATA_DIR: dataDir }), dataDir };
}

export const UNIT_LT = 9;
export const UNIT_KG = 10;

export type Fixture = { warehouseA: number; warehouseB: number; company: number; provider: number; glifosato: number; urea: number };

/**
 * What a stock entry needs, written straight to the database (the warehouses and supplies endpoints belong to
 * another part of the module): two warehouses, a company and a provider of the user's account shared into its
 * workspace, and two catalogue supplies.
 */
export async function inventoryFixture(app: FastifyInstance, user: TestUser): Promise<Fixture> {
  const db = app.db;
  const [a, b] = await db.insert(warehouses).values([{ user_id: user.user_id, name: 'Depósito Central' }, { user_id: user.user_id, name: 'Galpón Norte' }]).returning();
  const [company] = await db.insert(companies).values({ user_id: user.user_id, name: 'Agro Test SA', tax_identifier: `30${String(user.user_id).padStart(8, '0')}1`, company_type_id: 1 }).returning();
  const [provider] = await db.insert(providers).values({ user_id: user.user_id, name: 'Agroinsumos Test SA' }).returning();
  for (const w of [a, b]) await share(db, 'warehouses', w.warehouse_id, [user.workspace_id]);
  await share(db, 'companies', company.company_id, [user.workspace_id]);
  await share(db, 'providers', provider.provider_id, [user.workspace_id]);
  const [glifosato, urea] = await db
    .insert(supplies)
    .values([
      { name: `Glifosato ${user.user_id}`, generic_name: 'Glifosato', supply_type_id: 1, unit_id: UNIT_LT },
      { name: `Urea ${user.user_id}`, generic_name: 'Urea', supply_type_id: 4, unit_id: UNIT_KG },
    ])
    .returning();
  return { warehouseA: a.warehouse_id, warehouseB: b.warehouse_id, company: company.company_id, provider: provider.provider_id, glifosato: glifosato.supply_id, urea: urea.supply_id };
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body with text fields and files. */
export function multipart(parts: Part[]) {
  const boundary = '----fminventory7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(p.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends a multipart request as `token` to a /fm/v1 path. */
export function sendForm(app: FastifyInstance, method: 'POST' | 'PUT', url: string, token: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return app.inject({ method, url: `/fm/v1/${url}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}

/** Text parts of a form from an object (objects and arrays as JSON). */
export function fields(values: Record<string, unknown>): Part[] {
  return Object.entries(values).map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) }));
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * The ledger sum of a stock: entries and movements in add, movements out and usages take away, adjustments add their
 * signed difference. The stock's quantity must always equal it.
 */
export async function ledgerSum(app: FastifyInstance, stockId: number): Promise<string> {
  const [row] = await rowsOf<{ total: string }>(
    app.db,
    sql`select (
      coalesce((select sum(case when name in ('INITIAL', 'PURCHASE') then quantity when name in ('MOVEMENT', 'USAGE') then -quantity when name = 'ADJUSTMENT' then difference else 0 end)
                from stock_transactions where stock_id = ${stockId}), 0)
      + coalesce((select sum(quantity) from stock_transactions where stock_destiny_id = ${stockId} and name = 'MOVEMENT'), 0)
    )::numeric(16,5)::text as total`,
  );
  return row.total;
}

export async function stockRow(app: FastifyInstance, stockId: number): Promise<{ quantity: string; ppp: string; price: string; expiration_date: string | null }> {
  const [row] = await rowsOf<{ quantity: string; ppp: string; price: string; expiration_date: string | null }>(
    app.db,
    sql`select quantity::text, ppp::text, price::text, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date from stocks where stock_id = ${stockId}`,
  );
  return row;
}

export async function countRows(app: FastifyInstance, table: 'stocks' | 'stock_transactions' | 'files'): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(row.n);
}
