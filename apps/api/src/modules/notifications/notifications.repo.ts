import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { oncePerDb } from '../../db/once-per-db';
import { listPage, type ListPlan } from '../../http/list-query';
import { listStatements, type StatementShape } from '../../http/list-statement';

const columns = {
  notification_id: notifications.notification_id,
  title: notifications.title,
  body: notifications.body,
  action: notifications.action,
  readed: notifications.readed,
  datetimecreate: notifications.datetimecreate,
};

/** The user's notifications; variant `unread`: only those with readed null. */
const listWhere = (s: StatementShape, variant: string) => and(eq(notifications.user_id, s.param('user')), variant === 'unread' ? isNull(notifications.readed) : undefined);
const notificationsList = listStatements({
  columns,
  id: notifications.notification_id,
  from: (select, s, variant: string) => select.from(notifications).where(listWhere(s, variant)),
});

/** One user's notifications, newest first; `unreadOnly` keeps those with readed null. Prepared once per database (decision 0029). */
export async function listNotifications(db: Executor, userId: number, unreadOnly: boolean, plan: ListPlan) {
  const values = { user: userId };
  const variant = unreadOnly ? 'unread' : '';
  return listPage(db, plan, () => notificationsList.page(db, plan, values, variant), notificationsList.matching(db, plan, values, variant));
}

/** Newest first (notifications_user_idx). */
export const NOTIFICATION_ORDER = [desc(notifications.datetimecreate), desc(notifications.notification_id)];

const unreadCountQuery = oncePerDb((db) =>
  db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(notifications)
    .where(and(eq(notifications.user_id, sql.placeholder('user')), isNull(notifications.readed)))
    .prepare(''),
);

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await unreadCountQuery(db).execute({ user: userId });
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
