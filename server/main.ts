import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';
import { type Database, openDatabase, rowsOf } from './db/client.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { resolveSecret } from './secret.ts';
import { ensureAdmin } from './services/accounts.ts';
import { diskProblem } from './services/database-errors.ts';
import { startMetricsServer } from './services/metrics.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function isBrandNew(database: Database): Promise<boolean> {
  const result = await database.db.execute(
    "select to_regclass('drizzle.__drizzle_migrations') is null as fresh" as never,
  );
  return rowsOf<{ fresh: boolean }>(result)[0]?.fresh === true;
}

/** Loads config → migrates → builds the app → listens → shuts down gracefully on SIGTERM/SIGINT. */
export async function main() {
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

  let database: Database;
  let secret: string;
  let fresh: boolean;
  try {
    database = await openDatabase(config);
    fresh = await isBrandNew(database);
    await database.migrate();
    secret = resolveSecret(config.SESSION_SECRET, config.dataDir);
  } catch (error) {
    // A full or read-only DATA_DIR is said in one line, not a stack (docs/product.md R428).
    const disk = diskProblem(error);
    if (!disk) throw error;
    console.error(
      disk.kind === 'full'
        ? `Cannot start: the disk of DATA_DIR (${config.dataDir}) is full (${disk.code}${disk.path ? ` at ${disk.path}` : ''}). Free some space and start again.`
        : `Cannot start: DATA_DIR (${config.dataDir}) is read-only or not writable by this process (${disk.code}${disk.path ? ` at ${disk.path}` : ''}). Check its mount and permissions.`,
    );
    process.exit(1);
  }
  const app = await buildApp(config, { database, secret });
  for (const warning of startupWarnings(config)) app.log.warn(warning);

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(database.db, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      firstName: config.ADMIN_FIRST_NAME,
      lastName: config.ADMIN_LAST_NAME,
    });
    if (result.created) app.log.info({ userId: result.id }, 'administrator from ADMIN_EMAIL created');
    else
      app.log.info(
        { userId: result.id, promoted: result.promoted },
        // The environment only bootstraps: a password changed since start-up is the administrator's.
        'administrator from ADMIN_EMAIL exists; its password is left as it is (ADMIN_PASSWORD is used only to create it)',
      );
  }
  if (fresh && config.DEMO_DATA) {
    const { sites } = await seedDemoData(database.db);
    app.log.info({ sites }, 'brand-new database: demo data loaded (set DEMO_DATA=false to start empty)');
  }

  // Prometheus on a port of its own (METRICS_PORT), for a scraper on the private network.
  const metricsServer = config.METRICS_PORT
    ? await startMetricsServer(config.METRICS_PORT, config.HOST)
    : undefined;
  if (metricsServer) app.log.info({ port: config.METRICS_PORT }, 'metrics at /metrics on their own port');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
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
