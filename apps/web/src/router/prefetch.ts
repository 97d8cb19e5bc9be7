import { prefetchGet } from '../api/client';
import { NOTIFICATIONS_PANEL_SIZE } from '@fm/domain';
import { NOTIFICATIONS_PATH } from '../features/notifications/api';
import type { Session } from '../session/session-store';

/**
 * The GETs a signed-in load of a screen makes first, started by the entry in parallel with the screen's code
 * (api/client.ts prefetchGet). Each must match the screen's own call exactly (path, query, workspace), or it is
 * simply fetched twice.
 */
const CALLS: Record<string, (session: Session) => [string, Parameters<typeof prefetchGet>[1]?][]> = {
  '/home': (session) => [
    ['users/plan', { workspace: false }],
    ['external-data/exchange'],
    ['external-data/crop-price'],
    ['farms/weather'],
    ['store/promotions', { workspace: false }],
    ['store/phones', { workspace: false }],
    [`format-types/get-format-for-fm/${session.user.user_id}`],
    // the banners' answer decides whether a banner takes room above the store banner
    ['campaigns/home_banner', { query: { origin: 'web' } }],
    ['campaigns/reports_banner', { query: { origin: 'web' } }],
    ...(session.flags.news ? [['news', { query: { page: 1, per_page: 1 } }] as [string, Parameters<typeof prefetchGet>[1]]] : []),
  ],
};

/** The shell's own first call (notification-bell.tsx), on every signed-in screen. */
const SHELL_CALLS: [string, Parameters<typeof prefetchGet>[1]][] = [[NOTIFICATIONS_PATH, { query: { unread: true, pagination: true, per_page: NOTIFICATIONS_PANEL_SIZE }, workspace: false }]];

export function prefetchScreen(path: string, session: Session): void {
  for (const [p, opts] of [...SHELL_CALLS, ...(CALLS[path]?.(session) ?? [])]) prefetchGet(p, opts);
}
