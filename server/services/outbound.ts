/**
 * The server's requests to other servers (docs/product.md R645): an answer's body read as it arrives
 * and abandoned at the first byte past its limit (`readBounded`, also the geocoder's), and a GET that
 * allows only http and https, ends at a deadline, and follows a redirect only to the same host
 * (`fetchBounded`).
 */

export type OutboundFailure = 'scheme' | 'redirect' | 'too_large' | 'timeout' | 'status' | 'network';

/** Why a request to another server was refused or failed. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    public readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The answer's body, read as it arrives and abandoned (the connection closed) at the first byte past
 * `maxBytes`, whatever Content-Length says: a huge or endless answer costs no more memory.
 */
export async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new OutboundError('too_large', `answer larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface BoundedRequest {
  /** When the request must be answered (ms since the epoch). */
  deadline: number;
  maxBytes: number;
  accept?: string;
  userAgent?: string;
  /** Redirects followed, each to the same host only. */
  maxRedirects?: number;
}

const isWeb = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** A GET under the outbound rules; its body, and the address that answered. */
export async function fetchBounded(
  address: string | URL,
  options: BoundedRequest,
): Promise<{ bytes: Uint8Array; url: URL }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new OutboundError('scheme', 'not an address');
  }
  if (!isWeb(url)) throw new OutboundError('scheme', `scheme ${url.protocol} refused`);
  const host = url.host;
  for (let redirects = 0; ; redirects += 1) {
    const left = options.deadline - Date.now();
    if (left <= 0) throw new OutboundError('timeout', 'time limit reached');
    const signal = AbortSignal.timeout(left);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          'User-Agent': options.userAgent ?? 'community-meal-sites/1.0',
          Accept: options.accept ?? 'application/json',
        },
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new OutboundError('timeout', 'time limit reached');
      throw new OutboundError('network', (error as Error)?.message ?? 'network error');
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get('location');
      const next = location ? new URL(location, url) : undefined;
      // Only to the same host and by http(s): a redirect elsewhere is refused, never followed.
      if (!next || !isWeb(next) || next.host !== host || redirects >= (options.maxRedirects ?? 3))
        throw new OutboundError('redirect', `redirect to ${next?.host ?? 'nowhere'} refused`);
      url = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new OutboundError('status', `answered ${response.status}`);
    }
    try {
      return { bytes: await readBounded(response, options.maxBytes), url };
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new OutboundError('timeout', 'time limit reached');
      throw new OutboundError('network', (error as Error)?.message ?? 'network error');
    }
  }
}
