import { useState } from 'react';
import { Badge, Button, Empty, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  BADGE_OVERFLOW,
  NOTIFICATIONS_CACHE_SECONDS,
  NOTIFICATIONS_PANEL_SIZE,
  formatDayMonth,
  isUnread,
  type AppNotification,
} from '@fm/domain';
import { fetchLatestUnread, markNotificationRead, NOTIFICATIONS_PATH, trackNotificationPress, type NotificationsPage } from '../features/notifications/api';
import { getSession } from '../session/session-store';
import { listKeys } from '../api/use-list';
import { isApiError } from '../api/errors';
import styles from './shell.module.css';

export const NOTIFICATIONS_KEY = ['notifications', 'web'] as const;

/** The latest 3 unread and the unread count (envelope `unread_count`); null while the endpoint does not exist (404). */
async function fetchNotifications(): Promise<NotificationsPage | null> {
  try {
    return await fetchLatestUnread(NOTIFICATIONS_PANEL_SIZE);
  } catch (err) {
    if (isApiError(err) && err.status === 404) return null;
    throw err;
  }
}

/** Bell with a 99+ badge and the latest 3 unread notifications (spec doc 1 §2.5, §9). */
export function NotificationBell() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: fetchNotifications,
    staleTime: NOTIFICATIONS_CACHE_SECONDS * 1000,
    retry: false,
  });
  const shown = (data?.rows ?? []).filter(isUnread).slice(0, NOTIFICATIONS_PANEL_SIZE);

  const openOne = async (n: AppNotification) => {
    setOpen(false);
    trackNotificationPress(n.notification_id, getSession()?.user.user_id);
    try {
      await markNotificationRead(n.notification_id);
    } catch {
      // marking as read is best effort; the list is refreshed below anyway
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: listKeys.all(NOTIFICATIONS_PATH) }),
    ]);
    const target = n.action?.params.web;
    if (target && target.startsWith('/')) navigate(target);
  };

  const content = (
    <div className={styles.bellPanel}>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="¡Sin notificaciones!" />
      ) : (
        <ul className={styles.bellList}>
          {shown.map((n) => (
            <li key={n.notification_id}>
              <button type="button" className={styles.bellItem} onClick={() => void openOne(n)}>
                <Typography.Text strong>{n.title}</Typography.Text>
                <Typography.Paragraph ellipsis={{ rows: 2 }} className={styles.bellBody}>
                  {n.body}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{formatDayMonth(n.datetimecreate)}</Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.bellFooter}>
        <Link to="/notificaciones" onClick={() => setOpen(false)}>
          ¡Mirá todas!
        </Link>
      </div>
    </div>
  );

  return (
    <Popover content={content} title="Notificaciones" trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" aria-label="Notificaciones">
        <Badge count={data?.unread_count ?? 0} overflowCount={BADGE_OVERFLOW} size="small">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
