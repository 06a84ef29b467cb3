/**
 * The deployment recipes run exactly the commands CI tests (scripts/production.test.ts,
 * server/test/migrations.test.ts): the Dockerfile's CMD, compose.yaml's services, the systemd unit's
 * ExecStart and the Kubernetes containers (docs/deploy.md, docs/product.md R387).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATE_COMMAND, PRODUCTION_COMMAND, root } from './lib/toolchain.ts';

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The JSON-array (flow-sequence) values of `key:` lines in a YAML file, in order. */
function commands(file: string, key = 'command'): string[][] {
  return [...read(file).matchAll(new RegExp(`^\\s*-?\\s*${key}:\\s*(\\[.*\\])\\s*$`, 'gm'))].map(
    (match) => JSON.parse(match[1]!) as string[],
  );
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('runs the production command in exec form as PID 1, as an unprivileged user, with a health check', () => {
    const cmd = [...runtime.matchAll(/^CMD (\[.*\])$/gm)].map((match) => JSON.parse(match[1]!));
    expect(cmd).toEqual([PRODUCTION_COMMAND]);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n\s+CMD \["node", "-e", ".*\/readyz/m);
    expect(runtime).toMatch(/^ENV NODE_ENV=production/m);
    expect(runtime).not.toMatch(/^ENTRYPOINT/m);
  });

  it('builds in one stage and runs with the production dependencies only', () => {
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev/m);
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
  });

  it('.dockerignore keeps the local build, data and secrets out of the image', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  it('migrates once, then runs the production command with health checks', () => {
    const compose = read('compose.yaml');
    expect(commands('compose.yaml')).toEqual(expect.arrayContaining([MIGRATE_COMMAND, PRODUCTION_COMMAND]));
    expect(compose).toMatch(/NODE_ENV: production/);
    expect(compose).toMatch(/MIGRATE_ON_START: "false"/);
    expect(compose).toMatch(/condition: service_completed_successfully/);
    expect(compose).toMatch(/pg_isready/);
    expect(compose).toMatch(/profiles: \["s3"\]/);
  });
});

describe('systemd unit', () => {
  it('ExecStart is the production command, run from the checkout with NODE_ENV=production', () => {
    const unit = read('deploy/systemd/meal-sites.service');
    const execStart = /^ExecStart=(.*)$/m.exec(unit)![1]!.trim().split(/\s+/);
    expect([path.basename(execStart[0]!), ...execStart.slice(1)]).toEqual(PRODUCTION_COMMAND);
    expect(unit).toMatch(/^WorkingDirectory=\//m);
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^User=meals$/m);
  });
});

describe('Kubernetes example', () => {
  it('the Deployment runs the production command with probes, a preStop sleep and a grace period', () => {
    const deployment = read('deploy/kubernetes/deployment.yaml');
    expect(commands('deploy/kubernetes/deployment.yaml')).toEqual([PRODUCTION_COMMAND, ['sleep', '5']]);
    expect(deployment).toMatch(/readinessProbe:\n\s+httpGet:\n\s+path: \/readyz/);
    expect(deployment).toMatch(/livenessProbe:\n\s+httpGet:\n\s+path: \/healthz/);
    expect(deployment).toMatch(/terminationGracePeriodSeconds: \d+/);
    expect(deployment).toMatch(/name: NODE_ENV\n\s+value: production/);
    expect(deployment).toMatch(/name: MIGRATE_ON_START\n\s+value: "false"/);
  });

  it('the migrations run as a Job with the migrate command', () => {
    expect(commands('deploy/kubernetes/migrate-job.yaml')).toEqual([MIGRATE_COMMAND]);
    expect(read('deploy/kubernetes/migrate-job.yaml')).toMatch(/kind: Job/);
  });

  it('has a Service and a Secret example', () => {
    expect(read('deploy/kubernetes/service.yaml')).toMatch(/kind: Service/);
    expect(read('deploy/kubernetes/secret.example.yaml')).toMatch(/kind: Secret/);
  });
});

describe('package.json', () => {
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

  it('npm start replaces npm’s shell with the server process (exec), so signals reach the server', () => {
    expect(pkg.scripts.start).toMatch(/^exec node /);
    expect(pkg.scripts['start:prod']).toBe(`exec ${PRODUCTION_COMMAND.join(' ')}`);
  });
});
