import { useMatches } from 'react-router';
import type { PrivateRoute, RouteHandle } from '../router/route-types';
import { isPrivate } from '../router/route-types';

/** The table entry of the page on screen (undefined on 404!). */
export function useCurrentRoute(): PrivateRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const route = (matches[i].handle as RouteHandle | undefined)?.route;
    if (route && isPrivate(route)) return route;
  }
  return undefined;
}
