import { lazy } from 'react';

/** Grain movements, receptions and grain stocks (spec doc 3 §2; issue 11 items 1, 2, 4): routes in router/routes.tsx. */
export const MovementsPage = lazy(() => import('./pages/movements-page'));
export const MovementFormPage = lazy(() => import('./pages/movement-form-page'));
export const ReceptionsPage = lazy(() => import('./pages/receptions-page'));
export const GrainStocksPage = lazy(() => import('./pages/stocks-page'));
export const GrainStockFormPage = lazy(() => import('./pages/stock-form-page'));
export const GrainStockMovePage = lazy(() => import('./pages/stock-move-page'));
export const GrainStockTransactionsPage = lazy(() => import('./pages/stock-transactions-page'));
export const BulkLoadPage = lazy(() => import('./bulk/bulk-load-page'));
