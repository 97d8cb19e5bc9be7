import { describe, expect, it } from 'vitest';
import { BUILT_FEATURES, FEATURES, MODULES } from '@fm/domain';
import { ROUTES } from './routes';
import { isPrivate } from './route-types';
import { resolvePage } from './page-loader';
import { MENU, isGroup } from './menu';

describe('route table', () => {
  it('has unique paths, known flags and modules', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of ROUTES.filter(isPrivate)) {
      expect(FEATURES).toContain(r.flag);
      if (r.module) expect(MODULES).toContain(r.module);
    }
  });

  it('resolves the page of every public route and every route whose feature is built', async () => {
    const missing: string[] = [];
    for (const r of ROUTES) {
      if (isPrivate(r) && !BUILT_FEATURES.includes(r.flag)) continue;
      if (!(await resolvePage(r))) missing.push(`${r.path} -> src/features/${r.feature}/index.ts export ${r.page}`);
    }
    expect(missing).toEqual([]);
  });

  it('points every menu entry at a route of the table', () => {
    const links = MENU.flatMap((e) => (isGroup(e) ? e.children : [e]));
    for (const l of links) if (l.route) expect(ROUTES.some((r) => r.path === l.route)).toBe(true);
  });
});
