/**
 * docs/product.md R239: `npm run import` on an embedded database in a temporary DATA_DIR — the
 * preview as a table and its summary line, progress lines when not on a terminal, --commit refused
 * with error rows unless --skip-errors, and a clear message while the database is in use.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
let dataDir: string;
let env: NodeJS.ProcessEnv;

async function cli(script: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(tsx, [path.join(root, 'scripts', script), ...args], {
      env: { ...env, ...extraEnv },
      cwd: dataDir,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const file = (name: string, text: string) => {
  const target = path.join(dataDir, name);
  fs.writeFileSync(target, text);
  return target;
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-import-cli-'));
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    ENV_FILE: path.join(dataDir, 'none.env'),
    GEOCODER: 'none',
    BASE_URL: 'http://localhost:3000',
  };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  const admin = await cli('create-admin.ts', ['Ada', 'Lovelace', 'ada@example.org', 'a-good-password-1']);
  expect(admin.code, admin.stderr).toBe(0);
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run import', () => {
  const sheet = () =>
    file(
      'sites.csv',
      'name,address,phoneNumber,hours\nOcean View Lunch,12 Ocean Ave,4155550140,Mon–Fri 11:30–13:30\nBad Phone,1 Bad St,555,\n',
    );

  it('prints the preview as a table and saves nothing without --commit', async () => {
    const result = await cli('import.ts', [sheet()]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('sites.csv: 2 rows, importing as ada@example.org');
    expect(result.stdout).toMatch(/^2 {5}new {7}Ocean View Lunch \(12 Ocean Ave\)$/m);
    expect(result.stdout).toMatch(/^3 {5}error {5}phoneNumber: must be exactly 10 digits$/m);
    expect(result.stdout).toContain('1 new, 0 changed, 0 unchanged, 1 errors');
    expect(result.stdout).toContain('Nothing was saved.');
    // An agency's own hours are read and the table says how (R603).
    const agency = await cli('import.ts', [
      file('agency.csv', 'name,address,hours\nCounty Lunch,1 County Way,M-F 11:30-1:00\n'),
    ]);
    expect(agency.stdout).toMatch(
      /^2 {5}new {7}County Lunch \(1 County Way\) \[hours read as Mon–Fri 11:30–13:00; guessed: afternoon, day_abbreviation\]$/m,
    );
    // Not a terminal: plain progress lines.
    expect(result.stderr).toContain('Reading: 2/2');
  }, 60_000);

  it('refuses --commit with error rows, commits with --skip-errors, then says "no changes"', async () => {
    const refused = await cli('import.ts', [sheet(), '--commit']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Some rows have errors.');

    const committed = await cli('import.ts', [
      sheet(),
      '--commit',
      '--skip-errors',
      '--as',
      'ADA@example.org',
    ]);
    expect(committed.code, committed.stderr).toBe(0);
    expect(committed.stdout).toContain('Committed: 1 created, 0 updated, 1 rows with errors skipped.');

    const again = await cli('import.ts', [
      file('good.csv', 'name,address,phoneNumber\nOcean View Lunch,12 Ocean Ave,4155550140\n'),
    ]);
    expect(again.stdout).toContain('(1 unchanged rows not shown)');
    expect(again.stdout.trim().split('\n').at(-1)).toBe('no changes');
  }, 120_000);

  it('explains a refused file, an unknown administrator and a wrong command line', async () => {
    const missing = await cli('import.ts', [file('no-address.csv', 'name\nA\n')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('The file has no address column.');
    const stranger = await cli('import.ts', [sheet(), '--as', 'nobody@example.org']);
    expect(stranger.stderr).toContain('nobody@example.org is not an administrator.');
    const usage = await cli('import.ts', []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run import --');
  }, 120_000);

  it('takes the columns by --map and --mapping, says which are not imported, and remembers them (R627)', async () => {
    const agency = () =>
      file(
        'county.csv',
        'Pine County Meal Sites\n\nSite Name,Site Address,City,ZIP,Hotline,Diet / Cuisine\nPine Lunch,5 Pine St,Springfield,62701,4155550150,Vegan\n',
      );
    const guessed = await cli('import.ts', [agency()]);
    expect(guessed.code, guessed.stderr).toBe(0);
    expect(guessed.stdout).toContain('  Site Name → name (guessed)');
    expect(guessed.stdout).toContain('Not imported: Hotline, Diet / Cuisine');
    expect(guessed.stdout).toMatch(/^4 {5}new {7}Pine Lunch \(5 Pine St, Springfield, 62701\)$/m);

    // --mapping's file, then each --map over it.
    const json = file('mapping.json', JSON.stringify({ Hotline: null, City: 'city' }));
    const mapped = await cli('import.ts', [
      agency(),
      '--mapping',
      json,
      '--map',
      'Hotline=phoneNumber',
      '--map',
      'City=',
    ]);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(mapped.stdout).toContain('  Hotline → phoneNumber');
    expect(mapped.stdout).toContain('Not imported: City, Diet / Cuisine');
    expect(mapped.stdout).toMatch(/Pine Lunch \(5 Pine St, 62701\)/);
    // The next run without flags takes the choices remembered for these headers.
    const remembered = await cli('import.ts', [agency()]);
    expect(remembered.stdout).toContain('Columns (as chosen for an earlier file with the same headers):');
    expect(remembered.stdout).toContain('  Hotline → phoneNumber');

    const wrong = await cli('import.ts', [agency(), '--map', 'Hotline=fax']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('names a field the directory does not have');
  }, 240_000);

  it('reads the file in a worker with the server’s time limit (docs/product.md R321)', async () => {
    const slow = await cli('import.ts', [sheet()], { IMPORT_READ_TIMEOUT_MS: '1' });
    expect(slow.code, slow.stderr).toBe(1);
    expect(slow.stderr).toContain('The file took too long to read.');
  }, 120_000);

  it('says so while the embedded database is in use', async () => {
    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      const result = await cli('import.ts', [sheet()]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `is in use by process ${process.pid}. Stop that process (the server) first.`,
      );
    } finally {
      await database.close();
    }
  }, 60_000);
});
