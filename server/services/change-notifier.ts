import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { setListenerState } from './metrics.ts';

/** The PostgreSQL channel every server process listens on. */
export const CHANGE_CHANNEL = 'meals_changes';

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_APPLICATION_NAME = 'meals-change-listener';

/** Payloads starting with this are a process's heartbeat, not a change. */
export const HEARTBEAT_PREFIX = 'heartbeat:';

/**
 * Where the process stands with hearing about other processes' writes: `connecting` before its first
 * LISTEN, `listening`, or `down` (lost, reconnecting) since `since`, for `reason`.
 */
export interface ListenerStatus {
  state: 'listening' | 'connecting' | 'down';
  since: Date;
  reason?: string;
}

export interface ChangeNotifier {
  /** Tell every process (this one included, synchronously) that data changed. */
  publish(): Promise<void>;
  /** Whether changes made through other processes reach this one now (`/readyz`). */
  status(): ListenerStatus;
  /** Resolves once listening, or after `timeoutMs` whatever the state (the server starts anyway). */
  listening(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** One process (embedded database): a change only concerns this process. */
export function localNotifier(onChange: () => void): ChangeNotifier {
  const since = new Date();
  return {
    async publish() {
      onChange();
    },
    status: () => ({ state: 'listening', since }),
    listening: async () => {},
    async close() {},
  };
}

export interface ListenerTiming {
  /** A heartbeat goes round the LISTEN connection this often. */
  heartbeatMs: number;
  /** A heartbeat not heard back within this is a dead connection: reconnect. */
  heartbeatTimeoutMs: number;
  /** TCP keepalive on the listening connection starts after this much silence. */
  keepAliveDelayMs: number;
}

export const DEFAULT_LISTENER_TIMING: ListenerTiming = {
  heartbeatMs: 10_000,
  heartbeatTimeoutMs: 5_000,
  keepAliveDelayMs: 10_000,
};

/** Drops a connection at once, even one whose peer went silent (`end()` would wait for ever). */
function destroy(client: pg.Client) {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  client.end().catch(() => {});
}

/**
 * Several processes on one PostgreSQL: LISTEN/NOTIFY carries "something changed" to the others, so a
 * read through any process after a write through one is fresh. The listening connection has TCP
 * keepalive and a heartbeat: every `heartbeatMs` it sends a NOTIFY on the channel and must hear it
 * back on the same connection within `heartbeatTimeoutMs` — proof that the LISTEN path works, which a
 * connection silently dropped by a NAT or firewall cannot give. On any failure the process drops its
 * cache, reports `down` (so `/readyz` answers 503) and reconnects; on reconnecting it drops its cache
 * again, since anything may have changed meanwhile (docs/decisions/036-a-cache-that-cannot-go-deaf.md).
 */
export function postgresNotifier(
  url: string,
  publishPool: pg.Pool,
  onChange: () => void,
  log: { warn: (obj: object, msg: string) => void },
  timing: ListenerTiming = DEFAULT_LISTENER_TIMING,
): ChangeNotifier {
  const id = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  let status: ListenerStatus = { state: 'connecting', since: new Date() };
  const waiting = new Set<() => void>();
  let beats = 0;
  /** Connections whose failure was already dealt with (an error is followed by an end). */
  const handled = new WeakSet<pg.Client>();
  /** The heartbeat waiting to come back, and what to call when it does. */
  let awaited: { payload: string; heard: () => void } | undefined;

  const setStatus = (state: ListenerStatus['state'], reason?: string) => {
    if (status.state !== state) status = { state, since: new Date(), reason };
    else if (reason) status = { ...status, reason };
    setListenerState(state === 'listening');
    if (state === 'listening') for (const resolve of waiting) resolve();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 2000,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: timing.keepAliveDelayMs,
    });
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const payload = message.payload ?? '';
      if (payload.startsWith(HEARTBEAT_PREFIX)) {
        if (awaited && payload === awaited.payload) awaited.heard();
      } else if (payload !== id) onChange();
    });
    next.on('error', (error) => lost(next, `the listening connection failed: ${error.message}`));
    next.on('end', () => lost(next, 'the listening connection closed'));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (closed) return destroy(next);
      client = next;
      attempt = 0;
      setStatus('listening');
      // Anything may have changed while we were not listening.
      onChange();
    } catch (error) {
      log.warn({ err: error }, 'change listener could not connect; retrying');
      lost(next, `could not listen: ${(error as Error).message}`);
    }
  };

  /** The connection `failed` is of no more use: drop the cache, say so, and try again shortly. */
  const lost = (failed: pg.Client, reason: string) => {
    if (closed || handled.has(failed) || (client && client !== failed)) return;
    handled.add(failed);
    if (client === failed) {
      log.warn({ reason }, 'change listener lost; dropping the cache and reconnecting');
      onChange();
    }
    client = undefined;
    awaited = undefined;
    setStatus(status.state === 'connecting' ? 'connecting' : 'down', reason);
    destroy(failed);
    if (retry) return;
    attempt += 1;
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      Math.min(5000, 100 * 2 ** attempt),
    );
    retry.unref();
  };

  /** One round trip through the channel on the listening connection itself, bounded in time. */
  const heartbeat = async () => {
    const current = client;
    if (!current || awaited || closed) return;
    beats += 1;
    const payload = `${HEARTBEAT_PREFIX}${id}:${beats}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      awaited = { payload, heard: resolve };
    });
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timing.heartbeatTimeoutMs);
    });
    const sent = current.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]).then(() => heard);
    // A query still pending when the connection is destroyed fails later: nobody waits for it then.
    sent.catch(() => {});
    try {
      const outcome = await Promise.race([sent, timeout]);
      if (outcome === 'timeout' && client === current)
        lost(current, `no heartbeat back within ${timing.heartbeatTimeoutMs} ms`);
    } catch (error) {
      if (client === current) lost(current, `the heartbeat failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      // (Another heartbeat cannot have started meanwhile: one at a time.)
      if ((awaited as { payload: string } | undefined)?.payload === payload) awaited = undefined;
    }
  };
  const beat = setInterval(() => void heartbeat(), timing.heartbeatMs);
  beat.unref();

  void connect();

  return {
    async publish() {
      onChange();
      await publishPool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, id]);
    },
    status: () => ({ ...status }),
    listening(timeoutMs) {
      if (status.state === 'listening' || closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiting.add(done);
      });
    },
    async close() {
      closed = true;
      clearInterval(beat);
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
