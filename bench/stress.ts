/**
 * `npm run stress`: 60 s (STRESS_SECONDS) at 50 concurrent connections against the production server on
 * loopback: 95 % public reads, 5 % admin writes (create/edit/delete sites and list items, plus refused
 * writes). Afterwards every acknowledged write must be in the database and no refused one. Runs on
 * the embedded database and, when DATABASE_URL is set, on PostgreSQL. Exits non-zero on any 5xx, any
 * 4xx other than the deliberately invalid writes' 422, network error, lost or phantom write.
 */
import {
  adminCookie,
  type Backend,
  freePort,
  peakMemoryMb,
  prepareDatabase,
  replacePerformanceSection,
  startServer,
  stopServer,
  waitFor,
} from './lib.ts';
import { seedBenchData } from './seed.ts';

const SECONDS = Number(process.env.STRESS_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.STRESS_CONNECTIONS ?? 50);
const WRITE_SHARE = 0.05;

interface Ledger {
  sites: Map<number, string | null>; // id → expected name, null when deleted
  items: Map<number, string | null>;
  refused: string[];
}

async function runStress(backend: Backend) {
  const { dataDir, databaseUrl, cleanup } = await prepareDatabase(backend, (database) =>
    seedBenchData(database.db, 200),
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir, databaseUrl);
  try {
    await waitFor(`${base}/readyz`, undefined, server);
    const cookie = await adminCookie(base);
    const write = { 'content-type': 'application/json', cookie };
    // A DELETE has no body: with a JSON content type Fastify refuses it (400) and nothing is deleted.
    const remove = { cookie };
    const seeded = ((await (await fetch(`${base}/api/sites`)).json()) as { id: number }[]).map((s) => s.id);
    const populations = ((await (await fetch(`${base}/api/populations`)).json()) as { id: number }[]).map(
      (p) => p.id,
    );
    const statuses = new Map<string, number>();
    let networkErrors = 0;
    const latencies: number[] = [];
    let sequence = 0;
    const deadline = Date.now() + SECONDS * 1000;

    const timed = async (url: string, init?: RequestInit) => {
      const started = performance.now();
      try {
        const response = await fetch(`${base}${url}`, init);
        const body = await response.text();
        latencies.push(performance.now() - started);
        statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
        return { status: response.status, body };
      } catch {
        networkErrors += 1;
        return { status: 0, body: '' };
      }
    };

    const worker = async (w: number, ledger: Ledger) => {
      const mine: number[] = [];
      const myItems: number[] = [];
      while (Date.now() < deadline) {
        if (Math.random() >= WRITE_SHARE) {
          const id = seeded[Math.floor(Math.random() * seeded.length)]!;
          const reads = ['/api/sites', `/api/sites/${id}`, '/api/populations', '/', `/sites/${id}`];
          await timed(reads[Math.floor(Math.random() * reads.length)]!, {
            headers: { 'accept-encoding': 'br, gzip' },
          });
          continue;
        }
        sequence += 1;
        const name = `Stress ${w}-${sequence}`;
        const op = Math.floor(Math.random() * 6);
        if (op === 0 || mine.length === 0) {
          const r = await timed('/api/sites', {
            method: 'POST',
            headers: write,
            body: JSON.stringify({
              name,
              address: `${sequence} Market St, San Francisco, CA 94103`,
              PopulationIds: [populations[0]],
              Hours: [{ day: 1, open: '11:00', close: '13:00' }],
            }),
          });
          if (r.status === 201) {
            const id = (JSON.parse(r.body) as { id: number }).id;
            mine.push(id);
            ledger.sites.set(id, name);
          }
        } else if (op === 1 || op === 2) {
          const id = mine[Math.floor(Math.random() * mine.length)]!;
          const r = await timed(`/api/sites/${id}`, {
            method: 'PATCH',
            headers: write,
            body: JSON.stringify({ name }),
          });
          if (r.status === 200) ledger.sites.set(id, name);
        } else if (op === 3) {
          const id = mine.pop()!;
          const r = await timed(`/api/sites/${id}`, { method: 'DELETE', headers: remove });
          if (r.status === 204) ledger.sites.set(id, null);
          else mine.push(id);
        } else if (op === 4) {
          if (myItems.length && Math.random() < 0.5) {
            const id = myItems.pop()!;
            const r = await timed(`/api/services/${id}`, { method: 'DELETE', headers: remove });
            if (r.status === 204) ledger.items.set(id, null);
            else myItems.push(id);
          } else {
            const r = await timed('/api/services', {
              method: 'POST',
              headers: write,
              body: JSON.stringify({ name }),
            });
            if (r.status === 201) {
              const id = (JSON.parse(r.body) as { id: number }).id;
              myItems.push(id);
              ledger.items.set(id, name);
            }
          }
        } else {
          // A write the server must refuse: nothing of it may appear afterwards.
          const r = await timed('/api/sites', {
            method: 'POST',
            headers: write,
            body: JSON.stringify({ name, address: 'x', phoneNumber: 'not a phone' }),
          });
          if (r.status === 422) ledger.refused.push(name);
          else if (r.status >= 200 && r.status < 300)
            throw new Error(`an invalid write was accepted: ${r.body}`);
        }
      }
    };

    const ledger: Ledger = { sites: new Map(), items: new Map(), refused: [] };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w, ledger)));
    const elapsed = (Date.now() - started) / 1000;

    // Verification: what was acknowledged is there, what was deleted or refused is not.
    let lost = 0;
    let phantom = 0;
    for (const [id, name] of ledger.sites) {
      const response = await fetch(`${base}/api/sites/${id}`);
      if (name === null) {
        if (response.status !== 404) phantom += 1;
      } else if (response.status !== 200 || ((await response.json()) as { name: string }).name !== name)
        lost += 1;
    }
    const services = new Map(
      ((await (await fetch(`${base}/api/services`)).json()) as { id: number; name: string }[]).map((s) => [
        s.id,
        s.name,
      ]),
    );
    for (const [id, name] of ledger.items) {
      if (name === null && services.has(id)) phantom += 1;
      if (name !== null && services.get(id) !== name) lost += 1;
    }
    const names = new Set(
      ((await (await fetch(`${base}/api/sites`)).json()) as { name: string }[]).map((s) => s.name),
    );
    phantom += ledger.refused.filter((name) => names.has(name)).length;

    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      Math.round(
        (latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0) * 10,
      ) / 10;
    const fiveXx = [...statuses].filter(([s]) => s.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
    // The only refusals the load asks for are the invalid writes (422); any other 4xx is a defect here.
    const unexpected4xx = [...statuses]
      .filter(([s]) => s.startsWith('4') && s !== '422')
      .reduce((sum, [, n]) => sum + n, 0);
    const writes = ledger.sites.size + ledger.items.size + ledger.refused.length;
    const result = {
      backend,
      seconds: Math.round(elapsed),
      connections: CONNECTIONS,
      requests: latencies.length + networkErrors,
      rps: Math.round(latencies.length / elapsed),
      p50: pct(50),
      p99: pct(99),
      statuses: Object.fromEntries(statuses),
      fiveXx,
      unexpected4xx,
      networkErrors,
      acknowledgedWrites: ledger.sites.size + ledger.items.size,
      refusedWrites: ledger.refused.length,
      writeRecords: writes,
      lost,
      phantom,
      peakMemoryMb: peakMemoryMb(server.pid!),
    };
    console.log(result);
    return result;
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results = [];
for (const backend of backends) results.push(await runStress(backend));

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)}: ${SECONDS} s, ${CONNECTIONS} connections, 95 % reads / 5 % admin writes, loopback.`,
  '',
  '| DB | requests | req/s | p50 ms | p99 ms | 5xx | other 4xx | network errors | writes acknowledged / refused | lost | phantom | server peak RSS MB |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.backend} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.fiveXx} | ${r.unexpected4xx} | ${r.networkErrors} | ${r.acknowledgedWrites} / ${r.refusedWrites} | ${r.lost} | ${r.phantom} | ${r.peakMemoryMb} |`,
  ),
].join('\n');
console.log(table);
if (SECONDS >= 60) replacePerformanceSection('stress', table);
const failed = results.some((r) => r.fiveXx || r.unexpected4xx || r.networkErrors || r.lost || r.phantom);
process.exit(failed ? 1 : 0);
