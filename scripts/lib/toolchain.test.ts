import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDotEnv, root } from './toolchain.ts';

const temporary: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-env-'));
  temporary.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadDotEnv', () => {
  it('reads the file named by ENV_FILE; variables already set win', () => {
    const file = path.join(tempDir(), '.env');
    fs.writeFileSync(
      file,
      '# a comment\nDATA_DIR=/srv/meals\nPORT=4000\nMAIL_FROM="Meals <m@example.org>"\n',
    );
    const env: NodeJS.ProcessEnv = { ENV_FILE: file, PORT: '5000' };
    expect(loadDotEnv(env)).toBe(file);
    expect(env).toMatchObject({ DATA_DIR: '/srv/meals', PORT: '5000', MAIL_FROM: 'Meals <m@example.org>' });
  });

  it('changes nothing when there is no file', () => {
    const env: NodeJS.ProcessEnv = { ENV_FILE: path.join(tempDir(), 'missing.env') };
    expect(loadDotEnv(env)).toBeUndefined();
    expect(Object.keys(env)).toEqual(['ENV_FILE']);
  });
});

describe('every command reads .env as npm start does', () => {
  it.each([
    ['create-admin', ['Ada', 'Lovelace', 'ada@example.org', 'a-good-password-1'], /Created administrator/],
    ['seed', [], /Loaded \d+ demo sites/],
    ['db-migrate', [], /Database up to date \(pglite\): \d+ migration\(s\) applied/],
  ])(
    'npm run %s works on the DATA_DIR set in .env',
    (script, args, said) => {
      const dataDir = tempDir();
      const envFile = path.join(tempDir(), '.env');
      fs.writeFileSync(envFile, `DATA_DIR=${dataDir}\nDATABASE_URL=\nLOG_LEVEL=silent\n`);
      // Only what a shell would have: the test runner's own variables (BASE_URL=/…) stay out.
      const env = { PATH: process.env.PATH, HOME: process.env.HOME };
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts', `${script}.ts`), ...args],
        { cwd: root, env: { ...env, ENV_FILE: envFile }, encoding: 'utf8' },
      );
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(said);
      // The embedded database was created where .env said, not in ./data.
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    },
    120_000,
  );
});
