import { lazy } from 'react';

const masterData = () => import('./pages/master-data-pages');

export const ResourcesPage = lazy(() => import('./pages/resources-page'));
// Company and farm forms come from the land module.
export { CompanyFormPage, FarmFormPage } from '../land';
export const DestinationsPage = lazy(() => masterData().then((m) => ({ default: m.DestinationsPage })));
export const DestinationFormPage = lazy(() => import('./pages/destination-form-page'));
export const ProvidersPage = lazy(() => masterData().then((m) => ({ default: m.ProvidersPage })));
export const BuyersPage = lazy(() => masterData().then((m) => ({ default: m.BuyersPage })));
export const LivestockAgentsPage = lazy(() => masterData().then((m) => ({ default: m.LivestockAgentsPage })));
export const TransportsPage = lazy(() => masterData().then((m) => ({ default: m.TransportsPage })));
export const CarriersPage = lazy(() => masterData().then((m) => ({ default: m.CarriersPage })));
