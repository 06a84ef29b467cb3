import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';
import { type Database, openDatabase, rowsOf } from './db/client.ts';
import { ownerOnlyFiles, tightenTree } from './db/owner-only.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { resolveSecret } from './secret.ts';
import { ensureAdmin } from './services/accounts.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function isBrandNew(database: Database): Promise<boolean> {
  const result = await database.db.execute(
    "select to_regclass('drizzle.__drizzle_migrations') is null as fresh" as never,
  );
  return rowsOf<{ fresh: boolean }>(result)[0]?.fresh === true;
}

/** Loads config → migrates → builds the app → listens → shuts down gracefully on SIGTERM/SIGINT. */
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
  const tightened = tightenTree(config.dataDir);
  const database = await openDatabase(config);
  const fresh = await isBrandNew(database);
  await database.migrate();
  const app = await buildApp(config, {
    database,
    secret: resolveSecret(config.SESSION_SECRET, config.dataDir),
  });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  if (tightened > 0)
    app.log.warn(
      { dataDir: config.dataDir, files: tightened },
      `tightened permissions of ${tightened} files under DATA_DIR (now readable by this account only)`,
    );

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(database.db, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      firstName: config.ADMIN_FIRST_NAME,
      lastName: config.ADMIN_LAST_NAME,
    });
    app.log.info({ created: result.created }, 'administrator from ADMIN_EMAIL is ready');
  }
  if (fresh && config.DEMO_DATA) {
    const { sites } = await seedDemoData(database.db);
    app.log.info({ sites }, 'brand-new database: demo data loaded (set DEMO_DATA=false to start empty)');
  }

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
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}

await main();
