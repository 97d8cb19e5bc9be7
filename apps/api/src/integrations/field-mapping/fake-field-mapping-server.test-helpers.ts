import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../../test/fake-http';

export const FAKE_API_KEY = 'clave-de-instalacion-123';

export type FakeFieldMappingServer = {
  url: string;
  /** Every request seen: method, path, the Authorization and X-User-Token headers and the parsed JSON body. */
  seen: { method: string; path: string; authorization: string | undefined; userToken: string | undefined; body: unknown }[];
  /** Accounts by e-mail with their token; a plot by `${token}/${field_id}` with its id in the service. */
  accounts: Map<string, string>;
  fields: Map<string, { id: string; body: unknown }>;
  /**
   * What the next requests get: a normal answer, an HTTP status (4xx/5xx), a 200 that is not the expected JSON,
   * or no answer at all (the client's timeout must end it).
   */
  mode: { kind: 'ok' } | { kind: 'status'; status: number } | { kind: 'garbage' } | { kind: 'hang' };
  close(): Promise<void>;
};

/** A local stand-in for the field-mapping partner API (integrations/field-mapping/http-client.ts) on 127.0.0.1. */
export async function startFakeFieldMappingServer(): Promise<FakeFieldMappingServer> {
  let next = 9000;
  const state: Omit<FakeFieldMappingServer, 'url' | 'close'> = { seen: [], accounts: new Map(), fields: new Map(), mode: { kind: 'ok' } };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    // the API lives under /v1: a base URL with a path must keep it
    if (!(req.url ?? '').startsWith('/v1/')) return void res.writeHead(404).end();
    const path = (req.url ?? '').slice(3);
    const userToken = req.headers['x-user-token'];
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    state.seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, userToken: typeof userToken === 'string' ? userToken : undefined, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const mode = state.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'status') return send(mode.status, { error: 'falla simulada' });
    if (mode.kind === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>mantenimiento</html>');
    if (req.headers.authorization !== `Bearer ${FAKE_API_KEY}`) return send(401, { error: 'clave' });
    if (req.method === 'POST' && path === '/users') {
      const email = String(body?.email ?? '');
      if (!email.includes('@')) return send(422, { error: 'email' });
      const existing = state.accounts.get(email);
      const token = existing ?? `tok-${++next}-${email.split('@')[0]}`;
      state.accounts.set(email, token);
      return send(existing ? 200 : 201, { token });
    }
    const field = /^\/fields\/(\d+)$/.exec(path);
    if (req.method === 'PUT' && field) {
      if (typeof userToken !== 'string' || ![...state.accounts.values()].includes(userToken)) return send(403, { error: 'token' });
      const key = `${userToken}/${field[1]}`;
      const id = state.fields.get(key)?.id ?? `OS-${++next}`;
      state.fields.set(key, { id, body });
      return send(200, { id });
    }
    return send(404, { error: 'no existe' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
