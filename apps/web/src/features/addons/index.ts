import { lazy } from 'react';

export const AddonsPage = lazy(() => import('./pages/addons-page'));
