import { lazy } from 'react';

/** Agronomic prescriptions (spec doc 2 §2.4): routes in router/routes.tsx with flag and module agro_recipes, add-on Recetas. */
export const RecipesPage = lazy(() => import('./pages/recipes-page'));
export const RecipesLoginPage = lazy(() => import('./pages/recipes-login-page'));
/** The prescription request of a work order, mounted by the work-orders list (row action 'Recetas agronómicas'). */
export { RecipeRequestModal } from './components/recipe-request-entry';
export type { RecipeRequestModalProps } from './components/recipe-request-modal';
