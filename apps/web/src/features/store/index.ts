import { lazy } from 'react';

export const StorePage = lazy(() => import('./store-page').then((m) => ({ default: m.StorePage })));
export { PromotionsCarousel } from './promotions-carousel';
export { StoreBanner } from './store-banner';
export { AccessCardsCarousel } from './access-cards-carousel';
