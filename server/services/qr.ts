import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { isLanguage } from '#shared/languages.ts';

/**
 * The QR code printed on a site's handout (docs/product.md R154, docs/decisions/025-printing-and-qr-codes.md):
 * made here, by the `qrcode` package, never by a third-party service.
 */

/** Host names that can only be this machine: safe to echo back without BASE_URL (development, tests). */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

export interface OriginChoice {
  /** BASE_URL, when set: always the answer. */
  baseUrl: string | undefined;
  /** ALLOWED_ORIGINS: the other public addresses of this deployment. */
  allowedOrigins: readonly string[];
  /** Used when neither BASE_URL nor the request's own address may be used. */
  fallback: string;
  /** The address the request names (protocol from a trusted proxy only, Host header). */
  requestOrigin: string | undefined;
}

/**
 * The origin a printed QR code points to. A Host header is whatever the client sent, so it is never
 * trusted on its own: BASE_URL wins when set; otherwise the request's own origin only when it is one of
 * ALLOWED_ORIGINS or a loopback address; otherwise the configured fallback. A forged Host can
 * therefore never put another site's address into a handout.
 */
export function canonicalOrigin(choice: OriginChoice): string {
  if (choice.baseUrl) return new URL(choice.baseUrl).origin;
  const origin = choice.requestOrigin && safeOrigin(choice.requestOrigin);
  if (origin) {
    if (choice.allowedOrigins.includes(origin)) return origin;
    if (isLoopback(new URL(origin).hostname)) return origin;
  }
  return new URL(choice.fallback).origin;
}

function safeOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // new URL() accepts 'http://evil.org@localhost' and paths: only a bare origin is one.
    if (url.username || url.password || `${url.protocol}//${url.host}` !== text.toLowerCase())
      return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The site page's address in one language: `https://host/sites/12?lng=es` (no `lng` when none is given). */
export function sitePageUrl(origin: string, siteId: number, language?: string): string {
  const url = new URL(`/sites/${siteId}`, origin);
  if (language && isLanguage(language)) url.searchParams.set('lng', language);
  return url.href;
}

export interface QrImage {
  svg: string;
  etag: string;
}

/**
 * An SVG QR code (error correction M, the standard four-module quiet zone) of `text`, black on white,
 * about 1–2 KB for a page address. Pure: the same text always gives the same bytes.
 */
export async function qrSvg(text: string): Promise<QrImage> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  return { svg, etag };
}

/** How many QR images one process keeps: about 2 KB each, so a few MB at most. */
const QR_CACHE_ENTRIES = 1000;

/**
 * qrSvg with a bounded memory (docs/product.md R372): the image depends only on the address it encodes,
 * which names the origin, the site and the language, so the address is the key; the least recently
 * used image goes first once `max` are kept. A request never makes the same image twice.
 */
export function createQrCache(max = QR_CACHE_ENTRIES, make: (text: string) => Promise<QrImage> = qrSvg) {
  const images = new Map<string, Promise<QrImage>>();
  return (text: string): Promise<QrImage> => {
    const kept = images.get(text);
    if (kept) {
      // Most recently used last: Map keeps insertion order.
      images.delete(text);
      images.set(text, kept);
      return kept;
    }
    const image = make(text);
    image.catch(() => images.delete(text));
    images.set(text, image);
    if (images.size > max) images.delete(images.keys().next().value as string);
    return image;
  };
}
