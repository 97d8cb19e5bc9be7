import { lazy } from 'react';

/** Inventory screens (spec doc 2 §2.5, §2.8): routes in router/routes.tsx with flag and module stock_supplies. */
export const WarehousesPage = lazy(() => import('./pages/warehouses-page'));
export const SuppliesPage = lazy(() => import('./pages/supplies-page'));
export const StockPage = lazy(() => import('./pages/stock-page'));
export const StockEntryPage = lazy(() => import('./pages/stock-entry-page'));
export const StockMovePage = lazy(() => import('./pages/stock-move-page'));
export const StockTransactionsPage = lazy(() => import('./pages/stock-transactions-page'));
