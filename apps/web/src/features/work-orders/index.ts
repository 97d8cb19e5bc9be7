import { lazy } from 'react';

/** Work-order screens (spec doc 2 §2.3, §2.6, §2.7): routes in router/routes.tsx with flag and module work_orders. */
export const WorkOrdersPage = lazy(() => import('./pages/work-orders-page'));
export const WorkOrderCreatePage = lazy(() => import('./pages/work-order-create-page'));
export const WorkOrderDetailPage = lazy(() => import('./pages/work-order-detail-page'));
export const WorkOrderDuplicatePage = lazy(() => import('./pages/work-order-duplicate-page'));
export const WorkOrderOnboardingPage = lazy(() => import('./pages/work-order-onboarding-page'));
export const WorkOrderContributionsPage = lazy(() => import('./contributions/contributions-page'));
