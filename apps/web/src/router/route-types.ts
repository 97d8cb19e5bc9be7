import type { Feature, Module } from '@fm/domain';

/** Folder under src/features whose index.ts exports the page (as a React.lazy component). */
export type FeatureFolder = string;

type BaseRoute = {
  /** Spanish path exactly as the spec's route tables (react-router syntax, `?` = optional segment). */
  path: string;
  /** Spanish title: document title and placeholder heading. */
  title: string;
  feature: FeatureFolder;
  /** Named export of src/features/<feature>/index.ts. */
  page: string;
};

/** Reachable only signed out ('public'; a signed-in user goes to /home) or in both states ('open'). */
export type PublicRoute = BaseRoute & { access: 'public' | 'open' };

/** Signed-in route inside the shell. */
export type PrivateRoute = BaseRoute & {
  access?: 'private';
  /** Off in the session's effective flag set => 404! */
  flag: Feature;
  /** Permission module (doc 1 §2.3 module reading); missing read => ¡Acceso denegado! */
  module?: Module;
  /** Add-on name fragment that must have quantity above 0, else the add-ons screen (doc 1 §6). */
  addon?: string;
  /** false hides the top bar (store page). */
  topBar?: false;
  /** false hides the workspace selector (workspace forms, notifications, account pages). */
  workspaceSelector?: false;
};

export type AppRoute = PublicRoute | PrivateRoute;

export function isPrivate(route: AppRoute): route is PrivateRoute {
  return route.access === undefined || route.access === 'private';
}

/** Carried in each react-router route's `handle`, read by the shell through useMatches(). */
export type RouteHandle = { route?: AppRoute; notFound?: true };
