/**
 * The database's tables (Drizzle), one file per subject in server/db/schema/: the directory the public
 * reads, staff accounts, and what keeps the directory and runs the service. Migrations are generated
 * from them (drizzle.config.ts) and `import * as schema` gives the client every table.
 */
export * from './schema/accounts.ts';
export * from './schema/directory.ts';
export * from './schema/menus.ts';
export * from './schema/operations.ts';
export * from './schema/proposals.ts';
