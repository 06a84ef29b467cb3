import net from 'node:net';
import { CHANGE_CHANNEL } from '../services/change-notifier.ts';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** The server sent `LISTEN <channel>` on it: a process's change listener. */
  listener: boolean;
}

const LISTEN_QUERY = Buffer.from(`LISTEN ${CHANGE_CHANNEL}`);

/**
 * A TCP proxy in front of PostgreSQL. `close()` is PostgreSQL stopping (every connection cut, the port
 * refusing); `hang()` is a network partition (connections stay open, nothing passes, new connections
 * are accepted and never answered); `blackHoleListeners()` is a NAT or firewall silently dropping only
 * the long-lived LISTEN connections (nothing passes on them, nothing closes them; new connections
 * work). The shared PostgreSQL server itself is never touched.
 */
export class TcpProxy {
  port = 0;
  private server: net.Server | undefined;
  private hanging = false;
  private readonly sockets = new Set<net.Socket>();
  private readonly pairs = new Set<Pair>();

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(port = 0) {
    this.hanging = false;
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private accept(client: net.Socket) {
    this.track(client);
    if (this.hanging) return client.pause();
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    const pair: Pair = { client, upstream, listener: false };
    this.pairs.add(pair);
    const cut = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('close', cut);
    upstream.on('close', cut);
    client.on('data', (chunk: Buffer) => {
      if (!pair.listener && chunk.includes(LISTEN_QUERY)) pair.listener = true;
    });
    client.pipe(upstream).pipe(client);
  }

  /** Stops forwarding on `pair` in both directions and stops reading, without closing anything. */
  private silence(pair: Pair) {
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.client.pause();
    pair.upstream.pause();
  }

  hang() {
    this.hanging = true;
    for (const pair of this.pairs) this.silence(pair);
  }

  /** Silences every connection that is listening now; answers how many. */
  blackHoleListeners(): number {
    let count = 0;
    for (const pair of this.pairs) {
      if (!pair.listener) continue;
      this.silence(pair);
      this.pairs.delete(pair);
      count += 1;
    }
    return count;
  }

  /** How many connections that sent LISTEN are being forwarded now. */
  get listeners(): number {
    return [...this.pairs].filter((pair) => pair.listener).length;
  }

  async close() {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.pairs.clear();
    await closed;
  }
}
