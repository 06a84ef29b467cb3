import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ownerOnlyFiles, tightenTree } from './db/owner-only.ts';
import { DatabaseVersionError, prepareDatabase, prepareOptions } from './db/prepare.ts';
import { resolveSecret } from './secret.ts';
import { diskProblem } from './services/database-errors.ts';
import { startMetricsServer } from './services/metrics.ts';

/** A full or read-only DATA_DIR is said in one line, not a stack (docs/product.md R428). */
function exitOnDiskProblem(error: unknown, dataDir: string): void {
  const disk = diskProblem(error);
  if (!disk) return;
  const where = `${disk.code}${disk.path ? ` at ${disk.path}` : ''}`;
  console.error(
    disk.kind === 'full'
      ? `Cannot start: the disk of DATA_DIR (${dataDir}) is full (${where}). Free some space and start again.`
      : `Cannot start: DATA_DIR (${dataDir}) is read-only or not writable by this process (${where}). Check its mount and permissions.`,
  );
  process.exit(1);
}

/**
 * Loads config → prepares the database (migrations once, under a lock: db/prepare.ts) → builds the
 * app → listens → on SIGTERM drains and exits 0 (docs/decisions/035-one-process-and-migrations-once.md).
 * Built into dist/app/main.js by `npm run build`; `node dist/app/main.js` is the production command.
 */
export async function main() {
  // Before anything is written: new files under DATA_DIR are the owner's alone (docs/product.md R362).
  ownerOnlyFiles();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // A DATA_DIR made by an older version, or copied in by hand, may be readable by other local users.
  let tightened = 0;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    tightened = tightenTree(config.dataDir);
    database = await openDatabase(config);
  } catch (error) {
    exitOnDiskProblem(error, config.dataDir);
    throw error;
  }
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  let secret: string;
  try {
    prepared = await prepareDatabase(database, prepareOptions(config));
    secret = resolveSecret(config.SESSION_SECRET, config.dataDir);
  } catch (error) {
    // The embedded database's lock is released before leaving, so a corrected start can open it.
    await database.close().catch(() => {});
    if (error instanceof DatabaseVersionError) {
      console.error(error.message);
      process.exit(1);
    }
    exitOnDiskProblem(error, config.dataDir);
    throw error;
  }

  let draining = false;
  const app = await buildApp(config, { database, secret, draining: () => draining });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  if (tightened > 0)
    app.log.warn(
      { dataDir: config.dataDir, files: tightened },
      `tightened permissions of ${tightened} files under DATA_DIR (now readable by this account only)`,
    );
  if (prepared.applied > 0) app.log.info({ applied: prepared.applied }, 'database migrations applied');
  if (prepared.admin?.created)
    app.log.info({ userId: prepared.admin.id }, 'administrator from ADMIN_EMAIL created');
  else if (prepared.admin)
    app.log.info(
      { userId: prepared.admin.id, promoted: prepared.admin.promoted },
      // The environment only bootstraps: a password changed since is the administrator's.
      'administrator from ADMIN_EMAIL exists; its password is left as it is (ADMIN_PASSWORD is used only to create it)',
    );
  if (prepared.demoSites > 0)
    app.log.info(
      { sites: prepared.demoSites },
      'brand-new database: demo data loaded (set DEMO_DATA=false to start empty)',
    );

  // Prometheus on a port of its own (METRICS_PORT), for a scraper on the private network.
  const metricsServer = config.METRICS_PORT
    ? await startMetricsServer(config.METRICS_PORT, config.HOST)
    : undefined;
  if (metricsServer) app.log.info({ port: config.METRICS_PORT }, 'metrics at /metrics on their own port');

  // SIGTERM (docker stop, Kubernetes, systemd): /readyz answers 503 at once so the load balancer stops
  // sending new requests, the server keeps answering for SHUTDOWN_DRAIN_MS, then finishes the requests
  // in flight, closes the app and the database (the embedded database's lock is released) and exits 0.
  // SIGINT (Ctrl-C in a terminal) skips the drain.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    draining = true;
    const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_MS : 0;
    app.log.info({ signal, drainMs }, 'shutting down: finishing requests in flight');
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    await app.close();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}

await main();
