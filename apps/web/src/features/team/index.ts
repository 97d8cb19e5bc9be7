import { lazy } from 'react';

export const TeamPage = lazy(() => import('./pages/team-page'));
export const TeamFormPage = lazy(() => import('./pages/team-form-page'));
