/**
 * The yardstick: a bare Node `http` server answering the recorded bytes with the recorded headers.
 * argv: <port> <responses.json> where responses map a path to {status, headers, body (base64)}.
 */
import fs from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const responses = JSON.parse(fs.readFileSync(file!, 'utf8')) as Record<
  string,
  { status: number; headers: Record<string, string>; body: string }
>;
const prepared = new Map(
  Object.entries(responses).map(([path, r]) => [path, { ...r, bytes: Buffer.from(r.body, 'base64') }]),
);

http
  .createServer((request, response) => {
    const found = prepared.get(request.url ?? '');
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(found.status, { ...found.headers, 'content-length': String(found.bytes.length) });
    response.end(found.bytes);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
