/**
 * npm run import -- <file.csv|file.xlsx> [--commit] [--skip-errors] [--create-missing-items] [--as <email>]
 *                   [--map "Header=field"]… [--mapping <file.json>]
 *
 * The spreadsheet import of the staff screen from the command line (docs/product.md R239): the same
 * reading, matching and checks, the same preview as a table, and with --commit the same transaction,
 * recorded in the history as an import by the administrator --as names (by default the first one).
 * The file's columns get their fields as on the screen (R627): --map "Site Name=name" (repeatable,
 * "Header=" not to import a column) and --mapping with a JSON file of header → field (or null), the
 * choices remembered for the next file with the same headers.
 * Works on PostgreSQL (DATABASE_URL) and on the embedded database while the server is stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { ownerOnlyFiles } from '#server/db/owner-only.ts';
import { users } from '#server/db/schema.ts';
import { tellOtherProcesses } from '#server/services/data-version.ts';
import { onDirectoryChange } from '#server/services/directory-changes.ts';
import { geocoderFor } from '#server/services/geocoding.ts';
import { commitImport } from '#server/services/imports/commit.ts';
import { checkMapping, readMappedTable } from '#server/services/imports/mappings.ts';
import { importErrorMessage } from '#server/services/imports/messages.ts';
import { previewImport } from '#server/services/imports/preview.ts';
import { ImportError } from '#server/services/spreadsheets/errors.ts';
import type { ChosenMapping } from '#server/services/spreadsheets/read.ts';
import type { HoursInterval } from '#shared/hours.ts';
import { formatHoursText } from '#shared/hours-text.ts';
import { type ColumnMapping, IMPORT_FIELDS } from '#shared/import-columns.ts';
import type { ImportPreview, PreviewRow, ReadAs } from '#shared/imports.ts';
import { DIRECTORY_ROLES } from '#shared/roles.ts';
import { loadDotEnv } from './lib/toolchain.ts';

const USAGE =
  'Usage: npm run import -- <file.csv|file.xlsx> [--commit] [--skip-errors] [--create-missing-items] [--as <email>] [--map "Header=field"]... [--mapping <file.json>]';

// Reads .env as `npm start` does, so this command works on the same database.
loadDotEnv();
// Files this command writes under DATA_DIR (database, backups) are the owner's alone (R362).
ownerOnlyFiles();

let parsed: ReturnType<typeof parseOptions>;
function parseOptions() {
  return parseArgs({
    allowPositionals: true,
    options: {
      commit: { type: 'boolean', default: false },
      'skip-errors': { type: 'boolean', default: false },
      'create-missing-items': { type: 'boolean', default: false },
      as: { type: 'string' },
      map: { type: 'string', multiple: true },
      mapping: { type: 'string' },
    },
  });
}
try {
  parsed = parseOptions();
} catch (error) {
  console.error((error as Error).message);
  console.error(USAGE);
  process.exit(2);
}
const [file] = parsed.positionals;
if (!file || parsed.positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
const kind = /\.xlsx$/i.test(file) ? 'xlsx' : /\.csv$/i.test(file) ? 'csv' : undefined;
if (!kind) {
  console.error(`${file}: the file must end in .csv or .xlsx.`);
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(`${file}: no such file.`);
  process.exit(2);
}

/** The clerk's choice of columns: --mapping's file, then each --map "Header=field" over it (R627). */
function chosenColumns(): ChosenMapping | undefined {
  let chosen: Record<string, unknown> | undefined;
  if (parsed.values.mapping) {
    try {
      chosen = JSON.parse(fs.readFileSync(parsed.values.mapping, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      console.error(`${parsed.values.mapping}: ${(error as Error).message}`);
      process.exit(2);
    }
  }
  for (const entry of parsed.values.map ?? []) {
    const at = entry.lastIndexOf('=');
    if (at <= 0) {
      console.error(`--map ${entry}: write it as "Header=field" (or "Header=" not to import the column).`);
      process.exit(2);
    }
    chosen = { ...chosen, [entry.slice(0, at).trim()]: entry.slice(at + 1).trim() || null };
  }
  if (!chosen) return undefined;
  const mapping = checkMapping(chosen);
  if (!mapping) {
    console.error(
      `The column mapping names a field the directory does not have. Fields: ${IMPORT_FIELDS.join(', ')}.`,
    );
    process.exit(2);
  }
  return mapping;
}
const chosen = chosenColumns();

/** The file's columns and their fields, and the columns not imported (R615). */
function printColumns(mapping: readonly ColumnMapping[], remembered: boolean) {
  console.log(remembered ? 'Columns (as chosen for an earlier file with the same headers):' : 'Columns:');
  for (const { header, field, guessed } of mapping)
    console.log(`  ${header || '(no header)'} → ${field ?? 'not imported'}${guessed ? ' (guessed)' : ''}`);
  const left = mapping.filter((column) => !column.field && column.header).map((column) => column.header);
  if (left.length) console.log(`Not imported: ${left.join(', ')}`);
}

/** What the import would take away from stored sites, before the rows (R621). */
function printLosses(preview: ImportPreview) {
  const losses = preview.destructive;
  if (!losses?.changes.length) return;
  const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;
  console.log(
    `Removes: ${plural(losses.fieldsEmptied, 'field emptied', 'fields emptied')}, ${plural(losses.itemsRemoved, 'list item removed', 'list items removed')}`,
  );
  for (const change of losses.changes)
    console.log(
      `  ${change.name}: ${change.removed ? `${change.removed.join(', ')} removed from ${change.field}` : `${change.field} emptied`}`,
    );
}

/** A bar on a terminal; on a pipe or in a log, a line at every tenth. */
function progress(label: string) {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return (done: number, total: number) => {
    if (!total) return;
    if (tty) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`,
      );
      if (done === total) process.stderr.write('\n');
      return;
    }
    const tenth = Math.floor((done / total) * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      process.stderr.write(`${label}: ${done}/${total}\n`);
    }
  };
}

/** What the preview says about a row's map position. */
function positionNote(row: { noPosition?: true; locateOnSave?: true }): string {
  if (row.locateOnSave) return ' [not located yet: looked up on commit]';
  return row.noPosition ? ' [no map position found]' : '';
}

/** How the hours were read when the cell was not in the export's form (docs/product.md R603). */
function readAsNote(readAs: readonly ReadAs[] | undefined): string {
  return (readAs ?? [])
    .map(({ column, hours, guesses }) => {
      const guessed = guesses.length ? `; guessed: ${guesses.join(', ')}` : '';
      return ` [${column} read as ${formatHoursText(hours as HoursInterval[]) || '(none)'}${guessed}]`;
    })
    .join('');
}

function describeRow(row: PreviewRow): string {
  switch (row.kind) {
    case 'new':
      return `${row.site.name} (${row.site.address})${positionNote(row)}${readAsNote(row.readAs)}`;
    case 'changed':
      return `${row.name ?? `site ${row.siteId}`}: ${row.changes
        .map((change) => `${change.field}: ${change.before || '(empty)'} → ${change.after || '(empty)'}`)
        .join('; ')}${positionNote(row)}${readAsNote(row.readAs)}`;
    case 'error':
      return row.errors.map((error) => `${error.column}: ${error.message}`).join('; ');
    default:
      return row.name ?? `site ${row.siteId}`;
  }
}

/** The preview as a table: every row but the unchanged ones, which are counted. */
function printPreview(preview: ImportPreview) {
  printLosses(preview);
  const shown = preview.rows.filter((row) => row.kind !== 'unchanged');
  if (shown.length) {
    console.log(`${'Row'.padEnd(6)}${'Kind'.padEnd(10)}Details`);
    for (const row of shown)
      console.log(`${String(row.row).padEnd(6)}${row.kind.padEnd(10)}${describeRow(row)}`);
  }
  if (preview.summary.unchanged) console.log(`(${preview.summary.unchanged} unchanged rows not shown)`);
  for (const item of preview.newItems) console.log(`New list item in ${item.list}: ${item.name}`);
  const { summary } = preview;
  console.log(
    summary.new + summary.changed + summary.errors === 0
      ? 'no changes'
      : `${summary.new} new, ${summary.changed} changed, ${summary.unchanged} unchanged, ${summary.errors} errors`,
  );
}

const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
  // The commit says "the directory changed" (server/services/directory-changes.ts): server processes on
  // the same PostgreSQL drop their cached pages and answers.
  onDirectoryChange(database.db, () => tellOtherProcesses(database));
} catch (error) {
  // The embedded database is single-process: the lock's message says to stop the server first.
  console.error((error as Error).message);
  process.exit(1);
}
let exitCode = 0;
try {
  await database.migrate();
  const { db } = database;
  const email = parsed.values.as?.trim().toLowerCase();
  const [admin] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.role, DIRECTORY_ROLES),
        isNull(users.deactivatedAt),
        email ? eq(users.email, email) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) {
    throw new Error(
      email
        ? `${email} is not an administrator. Create one with npm run create-admin.`
        : 'There is no administrator to record the import as. Create one with npm run create-admin.',
    );
  }
  process.stderr.write(`Reading ${path.basename(file)}…\n`);
  const { table, remembered } = await readMappedTable(db, fs.readFileSync(file), kind, {
    limits: { timeoutMs: config.IMPORT_READ_TIMEOUT_MS, memoryMb: config.IMPORT_READ_MEMORY_MB },
    chosen,
    userId: admin.id,
    now: new Date(),
  });
  console.log(`${path.basename(file)}: ${table.rows.length} rows, importing as ${admin.email}`);
  printColumns(table.mapping ?? [], remembered);
  const geocoder = geocoderFor(config);
  const preview = await previewImport(db, table, {
    createMissingItems: parsed.values['create-missing-items'],
    userId: admin.id,
    language: 'en',
    geocoder,
    geocodeLimit: config.IMPORT_GEOCODES_MAX,
    now: new Date(),
    onProgress: progress('Reading'),
  });
  printPreview(preview);
  if (parsed.values.commit) {
    const result = await commitImport(db, preview.id, {
      userId: admin.id,
      skipErrors: parsed.values['skip-errors'],
      now: new Date(),
      geocoder,
      onProgress: progress('Saving'),
    });
    console.log(
      `Committed: ${result.created.length} created, ${result.updated.length} updated` +
        `${result.skipped ? `, ${result.skipped} rows with errors skipped` : ''}.`,
    );
  } else if (preview.summary.new + preview.summary.changed > 0) {
    console.log('Nothing was saved. Run again with --commit to apply this preview.');
  }
} catch (error) {
  exitCode = 1;
  console.error(
    error instanceof ImportError
      ? importErrorMessage(error.code, error.params, 'en')
      : `Import failed: ${(error as Error).message}`,
  );
} finally {
  await database.close();
}
process.exit(exitCode);
