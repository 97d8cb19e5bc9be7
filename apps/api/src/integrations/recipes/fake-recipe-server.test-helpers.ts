import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../../test/fake-http';
import { renderRecipePdf } from './builtin-issuer';
import type { RecipeContent } from './types';

export const FAKE_ACCOUNT = { user: 'agronomo@estudio.com.ar', password: 'clave-secreta-1' };

export type FakeRecipeServer = {
  url: string;
  /** Every request seen: method, path, the Authorization header and the parsed JSON body. */
  seen: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  recipes: Map<string, { number: string; status: string; content: RecipeContent }>;
  /** Makes every next answer a 500 (the service is down). */
  failing: boolean;
  close(): Promise<void>;
};

/** A local stand-in for the external prescription service, speaking the protocol of http-client.ts on 127.0.0.1. */
export async function startFakeRecipeServer(): Promise<FakeRecipeServer> {
  const expected = `Basic ${Buffer.from(`${FAKE_ACCOUNT.user}:${FAKE_ACCOUNT.password}`).toString('base64')}`;
  let next = 500;
  const state: Omit<FakeRecipeServer, 'url' | 'close'> = { seen: [], recipes: new Map(), failing: false };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const body = raw ? JSON.parse(raw) : null;
    // the service lives under /api: a base URL with a path must keep it
    if (!(req.url ?? '').startsWith('/api/')) return void res.writeHead(404).end();
    const path = (req.url ?? '').slice(4);
    state.seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    if (state.failing) return send(500, { error: 'down' });
    if (req.method === 'POST' && path === '/sessions') {
      return body?.user === FAKE_ACCOUNT.user && body?.password === FAKE_ACCOUNT.password ? send(200, { ok: true }) : send(401, { error: 'credenciales' });
    }
    if (req.headers.authorization !== expected) return send(401, { error: 'credenciales' });
    if (req.method === 'POST' && path === '/recipes') {
      const id = `EXT-${++next}`;
      state.recipes.set(id, { number: `0001-${String(next).padStart(8, '0')}`, status: 'Emitida', content: body });
      const r = state.recipes.get(id);
      return send(201, { id, number: r?.number, status: r?.status });
    }
    const match = /^\/recipes\/([^/]+)(\/pdf)?$/.exec(path);
    const recipe = match ? state.recipes.get(decodeURIComponent(match[1])) : undefined;
    if (!match || !recipe) return send(404, { error: 'no existe' });
    if (req.method === 'GET' && match[2]) {
      const pdf = await renderRecipePdf({ external_id: match[1], number: recipe.number, status: 'Emitida', content: recipe.content, created_at: new Date() });
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(pdf);
    }
    if (req.method === 'DELETE' && !match[2]) {
      recipe.status = 'Anulada';
      return send(200, { ok: true });
    }
    return send(405);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
