import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.ts';
import {
  adminUrl,
  createTemplateDatabase,
  dropDatabase,
  dropStaleDatabases,
  testBackend,
} from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template per run (docs/architecture.md §4.6): PGlite dumps a data dir every test file loads;
 * PostgreSQL gets a template database every test file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  if (testBackend() === 'postgres') {
    const url = adminUrl()!;
    await dropStaleDatabases(url);
    const name = await createTemplateDatabase(url);
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => dropDatabase(url, name);
  }
  const database = await openPglite(undefined);
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meals-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
