import { lazy } from 'react';

/** Monitoreos (issue 12 §5): routes /monitoreos, /monitoreos/nuevo, /monitoreos/:monitoring_id/editar in router/routes.tsx. */
export const MonitoringPage = lazy(() => import('./pages/monitorings-page'));
export const MonitoringFormPage = lazy(() => import('./pages/monitoring-form-page'));
