// Starts the spreadsheet worker from its TypeScript source, when the server runs under tsx (npm start,
// the tests, npm run import): registers tsx in this worker, then loads the entry reader.ts names. A
// build of the server starts the built read-worker.js directly and does not need this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
