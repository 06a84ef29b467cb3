/**
 * `npm run audit`: `npm audit --omit=dev` for the packages a deployment runs. Fails (exit 1) on any high
 * or critical advisory. When the registry's audit endpoint cannot be reached or refuses (offline
 * machines, mirrors without it), it says clearly that nothing could be checked and exits 0 — unless
 * AUDIT_STRICT=1, for CI where the endpoint is known to work.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { judgeAudit } from './audit-report.ts';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
  maxBuffer: 64 * 1024 * 1024,
});
const verdict = result.error
  ? ({ kind: 'unchecked', reason: result.error.message } as const)
  : judgeAudit(result.stdout);

const summary = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ');

if (verdict.kind === 'clean') {
  console.log(`npm audit --omit=dev: no high or critical advisory (${summary(verdict.counts)}).`);
  process.exit(0);
}
if (verdict.kind === 'vulnerable') {
  console.error(`npm audit --omit=dev: high or critical advisories (${summary(verdict.counts)}):`);
  for (const finding of verdict.findings) console.error(`  - ${finding}`);
  console.error('Update the packages (npm audit fix --omit=dev, or a newer version in package.json).');
  process.exit(1);
}
console.log(`npm audit --omit=dev: COULD NOT CHECK — ${verdict.reason}.`);
console.log('The advisory database was not reachable from here; nothing is known either way.');
process.exit(process.env.AUDIT_STRICT === '1' ? 1 : 0);
