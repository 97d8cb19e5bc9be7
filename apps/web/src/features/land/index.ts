import { lazy } from 'react';

/** Companies and farms: tabs of Mis recursos (registered in features/resources/tabs.ts) and their form routes. */
export { CompaniesSection } from './components/companies-section';
export { FarmsSection } from './components/farms-section';
export const CompanyFormPage = lazy(() => import('./pages/company-form-page'));
export const FarmFormPage = lazy(() => import('./pages/farm-form-page'));
