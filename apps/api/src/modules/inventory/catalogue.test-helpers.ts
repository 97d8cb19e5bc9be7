import { companies, stocks } from '../../db/schema/index';
import type { TestApp } from '../../test/app';

export { memberWithout } from '../../test/app';

/** A company of the account, inserted directly (the land module's rules are not under test here). */
export async function insertCompany(app: TestApp, userId: number, name = 'Agro Test S.A.'): Promise<number> {
  const [c] = await app.db.insert(companies).values({ user_id: userId, name, tax_identifier: '30712345671', company_type_id: 1 }).returning();
  return c.company_id;
}

/**
 * A stock row inserted directly: the ledger (another engineer's part of issue 9) is the only writer in production;
 * these tests only need a balance to exist.
 */
export async function insertStock(app: TestApp, row: { workspace_id: number; company_id: number; warehouse_id: number; supply_id: number; unit_id: number; quantity: string }): Promise<number> {
  const [s] = await app.db.insert(stocks).values({ ...row, ppp: '100', price: '100' }).returning();
  return s.stock_id;
}

/** A multipart/form-data body with one `file` part. */
export function multipartFile(filename: string, content: Uint8Array | string, contentType = 'application/octet-stream') {
  const boundary = '----fmcatalogue7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
