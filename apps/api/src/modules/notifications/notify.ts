import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotifyInput = {
  title: string;
  body: string;
  /** In-app path the notification opens (action {type:'navigate-to', params:{web}}). */
  web?: string;
  /** Sent once per user and key (e.g. 'trial-ending'); a second call with the same key does nothing. */
  dedupeKey?: string;
};

/**
 * The one way any module notifies a user (bell + /notificaciones). Call it AFTER the
 * business transaction commits (pass `app.db`), or inside it with `tx` when the
 * notification must be atomic with the change. Returns the new id, or null when deduplicated.
 */
export async function notify(db: Executor, userId: number, input: NotifyInput): Promise<number | null> {
  const action = input.web ? { type: 'navigate-to' as const, params: { web: input.web } } : null;
  const rows = await db
    .insert(notifications)
    .values({ user_id: userId, title: input.title.slice(0, 200), body: input.body.slice(0, 2000), action, dedupe_key: input.dedupeKey ?? null })
    .onConflictDoNothing()
    .returning({ notification_id: notifications.notification_id });
  return rows[0]?.notification_id ?? null;
}
