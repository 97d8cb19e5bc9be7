import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { listPage, type ListPlan } from '../../http/list-query';

const columns = {
  notification_id: notifications.notification_id,
  title: notifications.title,
  body: notifications.body,
  action: notifications.action,
  readed: notifications.readed,
  datetimecreate: notifications.datetimecreate,
};

/** One user's notifications, newest first; `unreadOnly` keeps those with readed null. */
export async function listNotifications(db: Executor, userId: number, unreadOnly: boolean, plan: ListPlan) {
  const where = unreadOnly ? and(eq(notifications.user_id, userId), isNull(notifications.readed)) : eq(notifications.user_id, userId);
  return listPage(
    db,
    plan,
    () => db.select(columns).from(notifications).where(where).orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset),
    () => db.select({ id: notifications.notification_id }).from(notifications).where(where).$dynamic(),
  );
}

/** Newest first (notifications_user_idx). */
export const NOTIFICATION_ORDER = [desc(notifications.datetimecreate), desc(notifications.notification_id)];

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.readed)));
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications read (idempotent: keeps the first read time); null when not theirs. */
export async function markRead(db: Executor, userId: number, notificationId: number) {
  const [row] = await db
    .update(notifications)
    .set({ readed: sql`coalesce(${notifications.readed}, now())` })
    .where(and(eq(notifications.notification_id, notificationId), eq(notifications.user_id, userId)))
    .returning(columns);
  return row ?? null;
}
