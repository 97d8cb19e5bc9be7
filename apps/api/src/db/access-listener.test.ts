import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { ACCESS_CHANNEL, AccessChanges, listenOnPostgres } from './access-changes';

/**
 * A TCP relay to PostgreSQL that can go silent: it keeps its connections open but stops passing bytes, as a dropped
 * route or a frozen host does (no FIN, no RST), so the client never hears that its peer is gone.
 */
async function silentableRelay(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  /** Each client connection's state, in the order they came: open until the client drops it. */
  const clients: { open: boolean }[] = [];
  const server = net.createServer((inbound) => {
    const state = { open: true };
    clients.push(state);
    inbound.on('close', () => void (state.open = false));
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => void (silent ? undefined : to.write(chunk)));
      from.on('error', () => undefined);
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    /** Existing connections go silent; new ones are relayed again once `speak` is called. */
    hush: () => void (silent = true),
    speak: () => void (silent = false),
    clients,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(process.env.FM_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)('the access listener (PostgreSQL)', () => {
  let relay: Awaited<ReturnType<typeof silentableRelay>>;
  beforeAll(async () => {
    relay = await silentableRelay(new URL(process.env.TEST_DATABASE_URL as string));
  });
  afterAll(() => relay.close());

  it('a connection that goes silent is declared lost by its heartbeat, and the feed is live again once it reconnects', async () => {
    const feed = new AccessChanges(false);
    const heard: (string | undefined)[] = [];
    feed.onChange((payload) => heard.push(payload));
    const listening = listenOnPostgres(relay.url, feed, { heartbeatMs: 100, heartbeatTimeoutMs: 1000, connectTimeoutMs: 500 });
    const notify = async (payload: string) => {
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      await other.query('select pg_notify($1, $2)', [ACCESS_CHANNEL, payload]);
      await other.end();
    };
    try {
      await listening.start();
      expect(feed.live).toBe(true);
      await notify('before');
      await vi.waitFor(() => expect(heard).toContain('before'), { timeout: 2000 });

      relay.hush();
      // a change committed while the listener is deaf: without the heartbeat the feed would stay live and miss it
      await notify('while silent');
      await vi.waitFor(() => expect(feed.live).toBe(false), { timeout: 4000, interval: 20 });
      expect(heard).not.toContain('while silent');
      // the deaf connection is dropped, not left open beside its replacement
      await vi.waitFor(() => expect(relay.clients[0].open).toBe(false), { timeout: 500, interval: 10 });
      // still silent when it tries again (after 500 ms): that attempt is given up, and a later one gets through
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(feed.live).toBe(false);

      relay.speak();
      await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 5000, interval: 20 });
      await notify('after');
      await vi.waitFor(() => expect(heard).toContain('after'), { timeout: 2000 });
    } finally {
      await listening.close();
    }
  });

  it('a listener that answers its heartbeat stays live', async () => {
    const feed = new AccessChanges(false);
    let losses = 0;
    feed.onChange(() => (feed.live ? undefined : (losses += 1)));
    const listening = listenOnPostgres(relay.url, feed, { heartbeatMs: 50, heartbeatTimeoutMs: 2000, connectTimeoutMs: 2000 });
    try {
      await listening.start();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(feed.live).toBe(true);
      expect(losses).toBe(0);
    } finally {
      await listening.close();
    }
  });
});
