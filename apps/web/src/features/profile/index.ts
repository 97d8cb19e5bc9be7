import { lazy } from 'react';

export const ProfilePage = lazy(() => import('./pages/profile-page'));
export const SettingsPage = lazy(() => import('./pages/settings-page'));
