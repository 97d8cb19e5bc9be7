import net from 'node:net';
import pg from 'pg';

/** The channel migration 0019's triggers notify when a row an auth state is read from changes (decision 0038). */
export const ACCESS_CHANNEL = 'fm_access';
export const LISTEN_ACCESS = `LISTEN ${ACCESS_CHANNEL}`;
/** What the listening connection is asked to prove it still hears (listenOnPostgres). */
export const LISTENER_HEARTBEAT = 'select 1 as fm_access_heartbeat';

/**
 * Tells whoever remembers auth state that it may be stale. `live` is false while this process could miss a change
 * (PostgreSQL: its listening connection is down); whoever remembers must then read the database every time.
 */
export class AccessChanges {
  private readonly listeners = new Set<(payload?: string) => void>();
  private isLive: boolean;

  constructor(live: boolean) {
    this.isLive = live;
  }

  get live(): boolean {
    return this.isLive;
  }

  /** `payload`: the notification's, when one is known (what the triggers send is empty; a test's marker is not). */
  onChange(listener: (payload?: string) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** A change was committed (or may have been missed): listeners forget what they remember. */
  changed(payload?: string): void {
    for (const listener of this.listeners) listener(payload);
  }

  setLive(live: boolean): void {
    if (live === this.isLive) return;
    this.isLive = live;
    this.changed();
  }
}

/**
 * A client on a socket this module made (pg's `stream` option), so that `drop` can close it at once without reaching
 * into pg's internals: end() would wait for a peer that may be gone, and a pending query fails with the socket.
 */
type DroppableClient = { client: pg.Client; drop(): void };
function droppableClient(config: pg.ClientConfig): DroppableClient {
  const socket = new net.Socket();
  return { client: new pg.Client({ ...config, stream: () => socket }), drop: () => socket.destroy() };
}

/** Says goodbye, but waits at most a second for a peer that may be silent, then drops the connection. */
async function hangUp({ client, drop }: DroppableClient): Promise<void> {
  await Promise.race([client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  drop();
}

/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'fm-access-listener';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * The listening connection is asked LISTENER_HEARTBEAT every `heartbeatMs`, and may take `heartbeatTimeoutMs` to
 * answer. A connection whose peer is gone without a FIN or RST (a dropped route, a frozen host) never ends by itself,
 * and the feed would stay live while deaf: the cache would then rely on AUTH_CACHE_MS alone. A heartbeat that fails
 * declares it lost within ~4 s. A connection attempt into such a route is given up after `connectTimeoutMs`, so the
 * next attempt can try.
 */
export type ListenerTiming = { heartbeatMs: number; heartbeatTimeoutMs: number; connectTimeoutMs: number };
const LISTENER_TIMING: ListenerTiming = { heartbeatMs: 2_000, heartbeatTimeoutMs: 2_000, connectTimeoutMs: 5_000 };

/**
 * PostgreSQL: every connection of the app's pool LISTENs before it is first lent (`onPoolConnect`, the pool's
 * `onConnect`; a connection that cannot is not lent), so the instance that commits a change hears it on the
 * committing connection before the COMMIT answers (PostgreSQL delivers a session's own notifications before its
 * ReadyForQuery). One more connection listens all the time for changes committed elsewhere (other instances,
 * scripts, psql), also while every pool connection is busy or closed. Each change is reported once: a pool
 * connection reports only its own commits, the listener only those of other sessions. While the listener is down
 * the feed is not live.
 */
export function listenOnPostgres(connectionString: string, feed: AccessChanges, timing: ListenerTiming = LISTENER_TIMING) {
  /** Backends of the pool that listen, so report their own commits themselves. */
  const ownBackends = new Set<number>();
  async function onPoolConnect(client: pg.ClientBase): Promise<void> {
    const backend = (client as unknown as { processID: number }).processID;
    client.on('notification', (n) => {
      if (n.channel === ACCESS_CHANNEL && n.processId === backend) feed.changed(n.payload);
    });
    client.on('end', () => ownBackends.delete(backend));
    await client.query(LISTEN_ACCESS);
    ownBackends.add(backend);
  }
  const onNotification = (n: pg.Notification) => {
    if (n.channel === ACCESS_CHANNEL && !ownBackends.has(n.processId)) feed.changed(n.payload);
  };

  let closed = false;
  let listener: DroppableClient | undefined;
  let retryMs = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  let beating: NodeJS.Timeout | undefined;
  const lost = () => {
    feed.setLive(false);
    listener = undefined;
    clearInterval(beating);
    beating = undefined;
    // a loss reported twice (an error, then the end) schedules one attempt and doubles the wait once
    if (closed || retry) return;
    retry = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };
  let inFlight = false;
  /** One heartbeat at a time; no answer in time, or an error, and the connection is dropped as lost. */
  async function beat(connection: DroppableClient): Promise<void> {
    if (inFlight || listener !== connection) return;
    inFlight = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('heartbeat timeout')), timing.heartbeatTimeoutMs)));
    try {
      await Promise.race([connection.client.query(LISTENER_HEARTBEAT), late]);
    } catch {
      if (listener === connection) {
        lost();
        connection.drop();
      }
    } finally {
      clearTimeout(timer);
      inFlight = false;
    }
  }
  async function connect(): Promise<void> {
    retry = undefined;
    const connection = droppableClient({ connectionString, application_name: LISTENER_NAME, keepAlive: true, connectionTimeoutMillis: timing.connectTimeoutMs });
    const { client } = connection;
    client.on('notification', onNotification);
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener === connection) lost();
    });
    try {
      await client.connect();
      await client.query(LISTEN_ACCESS);
      if (closed) return void (await hangUp(connection));
      listener = connection;
      retryMs = RECONNECT_MIN_MS;
      feed.setLive(true);
      beating = setInterval(() => void beat(connection), timing.heartbeatMs).unref();
    } catch {
      await hangUp(connection);
      lost();
    }
  }
  return {
    onPoolConnect,
    /** Opens the listening connection (once; it reconnects by itself). */
    start: connect,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(beating);
      feed.setLive(false);
      const connection = listener;
      listener = undefined;
      if (connection) await hangUp(connection);
    },
  };
}
