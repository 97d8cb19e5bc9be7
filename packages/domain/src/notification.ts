/** Notification as GET notifications/web returns it (spec doc 1 §3 "Notification"). */
export type AppNotification = {
  notification_id: number;
  title: string;
  body: string;
  datetimecreate: string;
  /** null means unread */
  readed: string | boolean | null;
  action: { type: string; params: { web?: string } } | null;
};

export const NOTIFICATIONS_CACHE_SECONDS = 180;
export const NOTIFICATIONS_PANEL_SIZE = 3;
export const BADGE_OVERFLOW = 99;

export function isUnread(n: Pick<AppNotification, 'readed'>): boolean {
  return n.readed === null || n.readed === false;
}

/**
 * GET notifications/web query: `unread=true` lists only unread ones; paged with pagination/page/per_page.
 * The envelope always carries `unread_count` (all unread of the user, whatever the page).
 */
export type NotificationsEnvelopeExtra = { unread_count: number };
