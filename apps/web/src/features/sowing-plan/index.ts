import { lazy } from 'react';
import { placeholderModule } from '../../components/status/page-placeholder';

export const SowingPlanPage = lazy(() => import('./pages/sowing-plan-page'));
export const AssignCropPage = lazy(() => import('./pages/assign-crop-page'));
export const PlotsPage = lazy(() => import('./pages/plots-page'));
// Strategies are switched off (flag 'strategies'); their engineer replaces this placeholder.
export const AssignStrategyPage = lazy(() => placeholderModule('Asignar estrategia'));
