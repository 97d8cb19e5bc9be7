import { lazy } from 'react';

export const NotificationsPage = lazy(() => import('./pages/notifications-page'));
