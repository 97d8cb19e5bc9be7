import type { AppNotification } from '@fm/domain';
import { api } from '../../api/client';

/** GET notifications/web path; the list screen pages it through the shared DataTable. */
export const NOTIFICATIONS_PATH = 'notifications/web';

export type NotificationsPage = { rows: AppNotification[]; unread_count: number };

/** The bell's read: the latest `size` unread and the total unread count (envelope `unread_count`). */
export async function fetchLatestUnread(size: number): Promise<NotificationsPage> {
  const res = await api.get<AppNotification[]>(NOTIFICATIONS_PATH, { query: { unread: true, pagination: true, per_page: size }, workspace: false });
  const rows = Array.isArray(res.data) ? res.data : [];
  const count = (res as { unread_count?: unknown }).unread_count;
  return { rows, unread_count: typeof count === 'number' ? count : rows.length };
}

/** POST notifications/web?notification_id marks one of the user's notifications read. */
export async function markNotificationRead(notificationId: number): Promise<void> {
  await api.post(NOTIFICATIONS_PATH, undefined, { query: { notification_id: notificationId }, workspace: false });
}

/** Analytics event of a notification press (spec doc 1 §3); a failure is only logged. */
export function trackNotificationPress(notificationId: number, userId: number | undefined): void {
  const payload = { type: 'in-app', state: 'press', notification_id: notificationId, platform: 'web', fcm_token: null, user_id: userId ?? null, app_state: 'foreground' };
  api
    .post('analytics', { event: 'notification_press', origin: 'WEB', category: 'notifications', payload }, { workspace: false })
    .catch((err: unknown) => console.warn('No se pudo registrar el evento', err));
}
