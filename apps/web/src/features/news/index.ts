import { lazy } from 'react';

/** Novedades and Agro en un minuto (issue 12 §7; routes in router/routes.tsx), and the home tiles. */
export const NewsPage = lazy(() => import('./pages/news-page'));
export const AgroMinutePage = lazy(() => import('./pages/agro-minute-page'));
export { CampaignBanners, NewsTile, ReportsBanner } from './components/home-tiles';
