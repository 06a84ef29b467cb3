import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { setListenerState } from './metrics.ts';

/** The PostgreSQL channel every server process listens on. */
export const CHANGE_CHANNEL = 'meals_changes';

export interface ChangeNotifier {
  /** Tell every process (this one included, synchronously) that data changed. */
  publish(): Promise<void>;
  close(): Promise<void>;
}

/** One process (embedded database): a change only concerns this process. */
export function localNotifier(onChange: () => void): ChangeNotifier {
  return {
    async publish() {
      onChange();
    },
    async close() {},
  };
}

/**
 * Several processes on one PostgreSQL: LISTEN/NOTIFY carries "something changed" to the others, so a
 * read through any process after a write through one is fresh. The listening connection reconnects by
 * itself; while it is down, every process drops its cache on each reconnect to be safe.
 */
export function postgresNotifier(
  url: string,
  publishPool: pg.Pool,
  onChange: () => void,
  log: { warn: (obj: object, msg: string) => void },
): ChangeNotifier {
  const id = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload !== id) onChange();
    });
    next.on('error', () => scheduleReconnect(next));
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      client = next;
      attempt = 0;
      setListenerState(true);
      // Anything may have changed while we were not listening.
      onChange();
    } catch (error) {
      log.warn({ err: error }, 'change listener could not connect; retrying');
      scheduleReconnect(next);
    }
  };

  const scheduleReconnect = (failed: pg.Client) => {
    if (closed || retry || (client && client !== failed)) return;
    client = undefined;
    setListenerState(false);
    failed.end().catch(() => {});
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

  void connect();

  return {
    async publish() {
      onChange();
      await publishPool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, id]);
    },
    async close() {
      closed = true;
      setListenerState(false);
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
