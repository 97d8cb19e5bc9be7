import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Chunk groups for the signed-in first screen (decision 0027). Left to itself, rolldown splits the antd
 * components, icons and rc-* pieces the shell and home share into ~75 small chunks; a signed-in load of /home then
 * waits for ~80 requests over HTTP/1.1's six connections. The layers below are static-import closures, each minus
 * the layers before it, so a layer only imports from itself and the layers before it (no chunk cycles) and the
 * sign-in page never loads antd:
 *
 * 1. sign-in: the entry (src/main.tsx) and the `/` route (auth feature, login page), left to automatic splitting;
 * 2. `antd`: the antd root and the guards of the antd area (src/app.tsx, src/router/antd-area.tsx), which every
 *    antd screen needs, public ones included;
 * 3. `signed-in`: the shell (src/shell/app-layout.tsx) and home, the first screen after signing in; the antd
 *    components home uses (card, tabs, tag, alert...) come along, so other screens get them without a request.
 *
 * Everything else (the other features, lazily loaded pieces) keeps rolldown's automatic chunks.
 */

type ModuleInfo = { importedIds: readonly string[]; code: string | null } | null;
type Ctx = { getModuleInfo(id: string): ModuleInfo };

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

const LAYERS: { name: string; roots: string[] }[] = [
  { name: 'sign-in', roots: [src('main.tsx'), src('features/auth/index.ts'), src('features/auth/pages/login-page.tsx')] },
  { name: 'antd', roots: [src('app.tsx'), src('router/antd-area.tsx')] },
  { name: 'signed-in', roots: [src('shell/app-layout.tsx'), src('features/home/index.ts')] },
];

/**
 * Packages imported through a barrel that re-exports every component: following the barrel's imports would put
 * every antd component the app uses anywhere into the first layer, so only the names a module imports are followed.
 */
const BARRELS: Record<string, RegExp> = {
  antd: /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
  '@ant-design/icons': /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
};

/** Source bytes per chunk of a group before minification; keeps every chunk well under Vite's 500 kB warning. */
export const GROUP_MAX_SIZE = 1_200_000;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The names `code` imports (or re-exports) from `spec`; null when it takes the whole module (`* as`). */
function importedNames(code: string, spec: string): Set<string> | null {
  const names = new Set<string>();
  const from = `from\\s*["']${escape(spec)}["']`;
  for (const m of code.matchAll(new RegExp(`(?:import|export)\\s+([^;]*?)\\s*${from}`, 'g'))) {
    const clause = m[1] ?? '';
    if (clause.includes('*')) return null;
    const [, def, list] = /^(?:type\s+)?([\w$]+)?\s*,?\s*(?:\{([^}]*)\})?$/.exec(clause.trim()) ?? [];
    if (def) names.add('default');
    for (const item of (list ?? '').split(',')) {
      const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/** The modules a barrel takes `names` from (following its `export *`s for the names not listed). */
function barrelTargets(barrel: string, names: Set<string>, ctx: Ctx): string[] {
  const info = ctx.getModuleInfo(barrel);
  if (!info?.code) return [barrel];
  const resolve = (rel: string) => {
    const base = join(dirname(barrel), rel);
    return info.importedIds.find((id) => id === base || id === `${base}.js` || id === join(base, 'index.js'));
  };
  const out: string[] = [];
  const found = new Set<string>();
  for (const m of info.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const exported = (m[1] ?? '').split(',').map((item) => item.trim().split(/\s+as\s+/).at(-1));
    if (!exported.some((n) => n && names.has(n))) continue;
    exported.forEach((n) => n && found.add(n));
    const target = resolve(m[2] ?? '');
    if (target) out.push(target);
  }
  const rest = new Set([...names].filter((n) => !found.has(n)));
  if (rest.size > 0) {
    for (const m of info.code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
      const target = resolve(m[1] ?? '');
      if (target) out.push(...barrelTargets(target, rest, ctx));
    }
  }
  return out;
}

function closure(roots: string[], ctx: Ctx): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (;;) {
    const id = stack.pop();
    if (id === undefined) break;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) throw new Error(`chunk-groups: no encuentro el módulo ${id}`);
    seen.add(id);
    for (const dep of info.importedIds) {
      const spec = Object.entries(BARRELS).find(([, re]) => re.test(dep))?.[0];
      const names = spec && info.code ? importedNames(info.code, spec) : null;
      if (names) stack.push(...barrelTargets(dep, names, ctx));
      else stack.push(dep);
    }
  }
  return seen;
}

/**
 * The `codeSplitting.groups[].name` function: the layer a module belongs to, or null for automatic splitting.
 * The layers are computed once per build from the module graph.
 */
export function layerOf(): (id: string, ctx: Ctx) => string | null {
  let layerById: Map<string, string> | undefined;
  return (id, ctx) => {
    if (!layerById) {
      layerById = new Map();
      for (const layer of LAYERS) {
        for (const m of closure(layer.roots, ctx)) if (!layerById.has(m)) layerById.set(m, layer.name);
      }
    }
    const layer = layerById.get(id);
    return layer && layer !== 'sign-in' ? layer : null;
  };
}
