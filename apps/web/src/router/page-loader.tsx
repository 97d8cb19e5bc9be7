import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from './route-types';

type FeatureModule = Record<string, unknown>;

/** Every feature folder's index, loaded on first use (one chunk per feature, plus its own lazy pages). */
const featureModules = import.meta.glob<FeatureModule>('../features/*/index.{ts,tsx}');

function loaderFor(feature: string): (() => Promise<FeatureModule>) | undefined {
  return featureModules[`../features/${feature}/index.ts`] ?? featureModules[`../features/${feature}/index.tsx`];
}

function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** Resolves a route's page export; undefined when the folder or export does not exist (yet). */
export async function resolvePage(route: Pick<AppRoute, 'feature' | 'page'>): Promise<ComponentType | undefined> {
  const load = loaderFor(route.feature);
  if (!load) return undefined;
  const mod = await load();
  const page = mod[route.page];
  return isComponent(page) ? page : undefined;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy page of a route; a missing folder/export renders 404! (and says why in the console). */
export function pageComponent(route: AppRoute): LazyExoticComponent<ComponentType> {
  const key = `${route.feature}/${route.page}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const component = lazy(async (): Promise<{ default: ComponentType }> => {
    const page = await resolvePage(route);
    if (!page) {
      console.error(`Ruta ${route.path}: falta el export ${route.page} en src/features/${route.feature}/index.ts`);
      // 404! is drawn with antd, which the entry chunk does not hold
      const { NotFound } = await import('./antd-area');
      return { default: NotFound };
    }
    // The export is itself a React.lazy component, which React will not accept as a lazy result: wrap it.
    const Page = page;
    function RoutePageContent() {
      return createElement(Page);
    }
    RoutePageContent.displayName = route.page;
    return { default: RoutePageContent };
  });
  cache.set(key, component);
  return component;
}
