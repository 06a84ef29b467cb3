import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyInstance {
    /**
     * Registered (with `await`) in a route plugin, gives that plugin's routes the session: the `sid`
     * cookie is read and checked, and login can create one. Public reads are registered outside it
     * and never touch the session (docs/decisions/009-per-request-overhead.md).
     */
    sessions: FastifyPluginAsync;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded once per request; null when nobody is signed in. */
    currentUser(): Promise<typeof users.$inferSelect | null>;
  }
}

/** Server-side sessions in the database (docs/product.md R41): logout and password resets really end them. */
function databaseStore(db: Db) {
  return {
    set(
      sid: string,
      session: { userId?: number; cookie: { expires?: Date | null } },
      callback: (err?: unknown) => void,
    ) {
      const expiresAt = session.cookie.expires
        ? new Date(session.cookie.expires)
        : new Date(Date.now() + 86_400_000);
      const data = { userId: session.userId };
      db.insert(sessions)
        .values({ sid, userId: session.userId ?? null, data, expiresAt })
        .onConflictDoUpdate({
          target: sessions.sid,
          set: { userId: session.userId ?? null, data, expiresAt },
        })
        .then(() => callback(), callback);
    },
    get(sid: string, callback: (err: unknown, session?: unknown) => void) {
      db.select()
        .from(sessions)
        .where(and(eq(sessions.sid, sid), gt(sessions.expiresAt, new Date())))
        .then(
          ([row]) =>
            callback(null, row ? { ...(row.data as object), cookie: { expires: row.expiresAt } } : null),
          callback,
        );
    },
    destroy(sid: string, callback: (err?: unknown) => void) {
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
    },
  };
}

interface SessionOptions {
  db: Db;
  secret: string;
  ttlSeconds: number;
}

/**
 * Sessions are not global: @fastify/session builds and signs a Session object for every request it
 * sees, cookie or not, which was the largest share of a cached public read's cost. The plugin offers
 * `app.sessions` for the route plugins that need a session; staff routes get theirs, and their check
 * of the caller, from the staff route group (server/plugins/staff-routes.ts).
 */
export default fp(async function sessionPlugin(app: FastifyInstance, options: SessionOptions) {
  const store = databaseStore(options.db);
  app.decorate(
    'sessions',
    fp(
      async function sessions(scope: FastifyInstance) {
        await scope.register(fastifyCookie);
        await scope.register(fastifySession, {
          secret: options.secret,
          cookieName: 'sid',
          saveUninitialized: false,
          rolling: false,
          store: store as never,
          cookie: {
            httpOnly: true,
            sameSite: 'lax',
            secure: 'auto',
            path: '/',
            maxAge: options.ttlSeconds * 1000,
          },
        });
      },
      { name: 'sessions' },
    ),
  );

  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    const cache = this as FastifyRequest & { _user?: Promise<typeof users.$inferSelect | null> };
    cache._user ??= (async () => {
      const { session } = this as { session?: FastifyRequest['session'] | null };
      if (session === undefined)
        throw new Error(`${this.method} ${this.url}: currentUser() needs app.sessions in the route's plugin`);
      const userId = session?.userId;
      if (!userId) return null;
      const [row] = await options.db.select().from(users).where(eq(users.id, userId));
      // A deactivated account is nobody (R573), even if a session of it outlived the deactivation.
      return row && !row.deactivatedAt ? row : null;
    })();
    return cache._user;
  });

  // Expired sessions are removed now and then, not on every request.
  const sweep = setInterval(() => {
    options.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .catch(() => {});
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
});
