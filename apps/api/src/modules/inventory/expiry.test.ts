import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { argentinaDay, formatDate, INVENTORY_MSG } from '@fm/domain';
import { notifications, stockTransactions } from '../../db/schema/index';
import { addMember, buildUser, type TestApp } from '../../test/app';
import { consume, receive, runExpiryNotices } from './index';
import { inventoryApp, inventoryFixture } from './stocks.test-helpers';

let app: TestApp;
beforeAll(async () => {
  ({ app } = await inventoryApp());
});
afterAll(() => app.cleanup());

const day = argentinaDay;

describe('daily expiry notices', () => {
  it('notifies the owner and the members who read stock once per lot still in stock', async () => {
    const owner = await buildUser(app);
    const fx = await inventoryFixture(app, owner);
    const reader = await buildUser(app);
    await addMember(app, owner.workspace_id, reader, [{ module: 'stock_supplies', read: true, create: false, update: false, delete: false }]);
    const outsider = await buildUser(app);
    await addMember(app, owner.workspace_id, outsider);
    const base = { workspaceId: owner.workspace_id, userId: owner.user_id, companyId: fx.company, warehouseId: fx.warehouseA };
    await receive(app.db, { ...base, rows: [{ supplyId: fx.glifosato, quantity: '10', price: '1', expirationDate: day(-2) }] });
    await receive(app.db, { ...base, rows: [{ supplyId: fx.glifosato, quantity: '10', price: '1', expirationDate: day(12) }] });
    await receive(app.db, { ...base, rows: [{ supplyId: fx.glifosato, quantity: '10', price: '1', expirationDate: day(90) }] });
    // a lot already used up (first in, first out) is not news: 20 consumed of a stock whose oldest lot held 10
    const { stockIds } = await receive(app.db, { ...base, rows: [{ supplyId: fx.urea, quantity: '20', price: '1', expirationDate: day(-30) }] });
    await receive(app.db, { ...base, rows: [{ supplyId: fx.urea, quantity: '5', price: '1', expirationDate: day(300) }] });
    await consume(app.db, { workspaceId: owner.workspace_id, stockId: stockIds[0], quantity: '20', workOrderId: null, userId: owner.user_id });

    expect(await runExpiryNotices(app.db)).toBe(2);
    const mine = (userId: number) => app.db.select().from(notifications).where(and(eq(notifications.user_id, userId), like(notifications.dedupe_key, 'stock-lot-%')));
    const ownerNotices = await mine(owner.user_id);
    expect(ownerNotices.map((n) => n.body).sort()).toEqual(
      [
        INVENTORY_MSG.expiryBody(`Glifosato ${owner.user_id}`, 'Depósito Central', formatDate(day(-2)), true),
        INVENTORY_MSG.expiryBody(`Glifosato ${owner.user_id}`, 'Depósito Central', formatDate(day(12)), false),
      ].sort(),
    );
    expect(ownerNotices.every((n) => n.title === INVENTORY_MSG.expiryTitle)).toBe(true);
    expect(await mine(reader.user_id)).toHaveLength(2);
    expect(await mine(outsider.user_id)).toHaveLength(0);
    expect(await app.db.select().from(stockTransactions).where(isNotNull(stockTransactions.expiry_notified_at))).toHaveLength(2);

    // the next day's run finds nothing new
    expect(await runExpiryNotices(app.db)).toBe(0);
    expect(await mine(owner.user_id)).toHaveLength(2);
  });
});
