import { lazy } from 'react';

export const SeasonsPage = lazy(() => import('./pages/seasons-page'));
