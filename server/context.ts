import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AssetService } from './services/assets.ts';
import type { Geocoder } from './services/geocoding.ts';
import type { Mailer } from './services/mail.ts';
import type { ResponseCache } from './services/response-cache.ts';

/** What route modules need, built once by buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  assets: AssetService;
  mailer: Mailer;
  geocoder: Geocoder | undefined;
  baseUrl: string;
  /** Public read answers as ready bytes, dropped on every directory write. */
  cache: ResponseCache;
}
