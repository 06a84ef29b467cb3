/** `npm run dev`: the API with reload (tsx watch) and the Vite dev server with hot reload, together. */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { loadDotEnv, root } from './lib/toolchain.ts';

// Reads .env as `npm start` does; both children inherit it.
loadDotEnv();
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  }),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'client/vite.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    },
  ),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
