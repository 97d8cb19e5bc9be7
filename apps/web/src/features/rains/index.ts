import { lazy } from 'react';

/** Registro de lluvias (issue 12 §4): routes in router/routes.tsx. */
export const RainPage = lazy(() => import('./pages/rains-page'));
export const RainEventsPage = lazy(() => import('./pages/rain-events-page'));
export const RainFormPage = lazy(() => import('./pages/rain-form-page'));
export const RainViewPage = lazy(() => import('./pages/rain-view-page'));
