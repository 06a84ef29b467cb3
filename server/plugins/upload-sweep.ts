import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AssetService } from '../services/assets.ts';

/** How often the server deletes uploads that no record uses (docs/product.md R363). */
export const UPLOAD_SWEEP_EVERY_MS = 3_600_000;

/**
 * The sweep of unclaimed uploads, in the server process: once when the app is ready, then hourly.
 * The timer is unref'd (it never keeps a process alive) and stopped when the app closes, which waits
 * for a sweep in progress. Several processes may sweep at once: each row is deleted by one of them
 * (services/assets.ts `sweepUnclaimed`). A failed sweep is logged; the next one retries.
 */
async function uploadSweep(app: FastifyInstance, options: { assets: AssetService; everyMs?: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  const sweep = (): Promise<number> => {
    running ??= options.assets
      .sweepUnclaimed({
        onError: (error, key) => app.log.warn({ err: error, key }, 'unclaimed upload: file not removed'),
      })
      .then(
        (removed) => {
          if (removed > 0) app.log.info({ removed }, 'unclaimed uploads older than a day deleted');
          return removed;
        },
        (error) => {
          app.log.warn({ err: error }, 'sweep of unclaimed uploads failed; it runs again within the hour');
          return 0;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.decorate('sweepUploads', sweep);
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), options.everyMs ?? UPLOAD_SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(uploadSweep, { name: 'upload-sweep' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the sweep of unclaimed uploads now (or joins the one running); answers how many went. */
    sweepUploads(): Promise<number>;
  }
}
