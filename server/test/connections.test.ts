import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '500' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

/**
 * Opens a raw connection, writes `chunks`, and resolves with everything the server sent once it
 * closes the connection. The test's own time limit is the bound: a server that never closes fails it.
 */
function exchange(chunks: (string | Buffer)[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on('data', (data) => received.push(data));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
  });
}

const headerOf = (answer: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(answer.split('\r\n\r\n')[0] ?? '')?.[1];

describe('connections that go silent are closed', () => {
  it('a request whose headers never end is answered 408 in the API shape and closed', async () => {
    const answer = await exchange(['GET /api/sites HTTP/1.1\r\nHost: meals.test\r\nX-Slow: 1']);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      status: 408,
      message: 'The request took too long to arrive.',
    });
    expect(headerOf(answer, 'content-security-policy')).toContain("default-src 'self'");
  });

  it('a request whose body stops half way is answered 408 and closed', async () => {
    const answer = await exchange([
      'POST /api/auth/login HTTP/1.1\r\nHost: meals.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that never sends a byte is closed', async () => {
    const answer = await exchange([]);
    expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
  });

  it('an idle keep-alive connection is closed after its answer', async () => {
    const answer = await exchange(['GET /api/sites HTTP/1.1\r\nHost: meals.test\r\n\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(headerOf(answer, 'keep-alive')).toMatch(/^timeout=\d+$/);
  });
});

describe("the server's own error answers", () => {
  it('headers over the size limit → 431 with the security headers', async () => {
    const answer = await exchange([
      `GET / HTTP/1.1\r\nHost: meals.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(headerOf(answer, 'x-content-type-options')).toBe('nosniff');
    expect(headerOf(answer, 'content-security-policy')).toContain("frame-ancestors 'none'");
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '').status).toBe(431);
  });

  it('a malformed request line → 400 with the security headers', async () => {
    const answer = await exchange(['NOT HTTP AT ALL\r\n\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(headerOf(answer, 'x-frame-options')).toBe('SAMEORIGIN');
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      status: 400,
      message: 'The request could not be understood.',
    });
  });
});

describe('REQUEST_TIMEOUT_MS', () => {
  it('defaults to 30 s, with idle keep-alive connections closed after 5 s', async () => {
    const { loadConfig } = await import('../config.ts');
    const config = loadConfig({});
    expect(config.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
  });
});
