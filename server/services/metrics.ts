import http from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus series of the process (docs/decisions/037-metrics-error-reporter-and-mail-queue.md).
 * One registry per process: the series are counters of what this process did, whichever app
 * instance did it. Label values are bounded: a route is its pattern (`/api/sites/:id`), never the
 * address asked for, and outcomes are a fixed word.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'meals_' });

const requests = new Counter({
  name: 'meals_http_requests_total',
  help: 'Requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

const latency = new Histogram({
  name: 'meals_http_request_duration_seconds',
  help: 'Time to answer a request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** What the database pool of each open app holds; the embedded database is one connection. */
type PoolSource = () => { total: number; idle: number; waiting: number };
const pools = new Set<PoolSource>();
new Gauge({
  name: 'meals_db_pool_connections',
  help: 'Database connections: total, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 };
    for (const source of pools) {
      const now = source();
      sum.total += now.total;
      sum.idle += now.idle;
      sum.waiting += now.waiting;
    }
    for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
  },
});

/** Counts the connections of a database while it is open; answers the function that stops counting. */
export function watchPool(database: {
  kind: 'pglite' | 'postgres';
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
}): () => void {
  const pool = database.pool;
  const source: PoolSource = pool
    ? () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
    : () => ({ total: 1, idle: 0, waiting: 0 });
  pools.add(source);
  return () => pools.delete(source);
}

const cacheLookups = new Counter({
  name: 'meals_response_cache_lookups_total',
  help: 'Response cache lookups, by result (hit or miss)',
  labelNames: ['result'] as const,
  registers: [registry],
});

const listenerUp = new Gauge({
  name: 'meals_change_listener_up',
  help: '1 while the PostgreSQL change listener is connected (other processes’ writes reach this cache)',
  registers: [registry],
});

const emails = new Counter({
  name: 'meals_emails_total',
  help: 'E-mails by outcome: queued, sent, failed (an attempt that will be retried or given up)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const geocodes = new Counter({
  name: 'meals_geocoder_requests_total',
  help: 'Geocoder requests by outcome: found, not-found, error, timeout',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const imports = new Histogram({
  name: 'meals_import_duration_seconds',
  help: 'Time a spreadsheet import step took, by step (preview or commit) and result',
  labelNames: ['step', 'result'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [registry],
});

export function recordRequest(method: string, route: string, status: number, seconds: number) {
  requests.inc({ method, route, status: String(status) });
  latency.observe({ method, route }, seconds);
}

export const recordCacheLookup = (hit: boolean) => cacheLookups.inc({ result: hit ? 'hit' : 'miss' });

/** Called by the change listener when it connects (true) and when it loses its connection (false). */
export const setListenerState = (up: boolean) => listenerUp.set(up ? 1 : 0);

export const recordEmail = (outcome: 'queued' | 'sent' | 'failed') => emails.inc({ outcome });

export const recordGeocode = (outcome: 'found' | 'not-found' | 'error' | 'timeout') =>
  geocodes.inc({ outcome });

/** Times an import step: the histogram gets its duration, whether it succeeded or failed. */
export async function timeImport<T>(step: 'preview' | 'commit', work: () => Promise<T>): Promise<T> {
  const end = imports.startTimer({ step });
  try {
    const result = await work();
    end({ result: 'ok' });
    return result;
  } catch (error) {
    end({ result: 'error' });
    throw error;
  }
}

/** The text exposition, and its content type. */
export async function metricsText(): Promise<{ body: string; type: string }> {
  return { body: await registry.metrics(), type: registry.contentType };
}

/**
 * METRICS_PORT: a second, tiny HTTP server answering GET /metrics and nothing else, for a scraper on
 * a private network; the public port does not expose the series then.
 */
export async function startMetricsServer(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsText().then(
      ({ body, type }) =>
        response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
