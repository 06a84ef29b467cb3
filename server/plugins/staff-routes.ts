import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Role } from '#shared/roles.ts';
import type { AppContext } from '../context.ts';
import type { users } from '../db/schema.ts';
import { HttpError } from '../services/errors.ts';

/** An account's role (shared/roles.ts, docs/product.md R570). */
export type StaffRole = Role;

/** The signed-in member of staff, as the staff routes see them: never null inside the group. */
export interface StaffUser {
  id: number;
  role: StaffRole;
  email: string;
  firstName: string;
  lastName: string;
  /** The full row, for the few handlers that need more (language, picture). */
  row: typeof users.$inferSelect;
}

/**
 * What a staff route allows; a route picks one with `config: { allow }`, the group gives the default.
 * `admin`: staff accounts, deployment settings, emptying the trash. `edit`: keeping the directory.
 * `partnerSite`: one site's hours, closures, facts and contacts — a partner manager passes this rule
 * only for a site of their own partners, which the route checks (sitePartnerCheck). `signedIn`: one's
 * own account.
 */
export type StaffAction = 'admin' | 'edit' | 'partnerSite' | 'signedIn';

/** The rule table (docs/product.md R550, R570): which roles may do each action. One place, one line a rule. */
const RULES: Record<StaffAction, readonly StaffRole[]> = {
  admin: ['admin'],
  edit: ['admin', 'editor'],
  partnerSite: ['admin', 'editor', 'partner'],
  signedIn: ['admin', 'editor', 'partner', 'user'],
};

export function can(user: Pick<StaffUser, 'role'>, action: StaffAction): boolean {
  return RULES[action].includes(user.role);
}

const FORBIDDEN: Record<StaffAction, string> = {
  admin: 'Only administrators may do this.',
  edit: 'Only administrators and editors may do this.',
  partnerSite: 'Only staff and the managers of this site’s nutrition partners may do this.',
  signedIn: 'Please log in.',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Inside the staff route group: the signed-in, permitted user (checked before the body is read). */
    staff: StaffUser | null;
  }
  interface FastifyContextConfig {
    /** A staff route's own rule, when it differs from its group's. */
    allow?: StaffAction;
  }
}

function staffOf(row: typeof users.$inferSelect): StaffUser {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    row,
  };
}

/** The staff user of a request in the staff route group; a route outside it is a programming error. */
export function staffUser(request: FastifyRequest): StaffUser {
  if (!request.staff) throw new Error(`${request.method} ${request.url} is not in the staff route group`);
  return request.staff;
}

/**
 * The staff routes of a route file, in one group (docs/decisions/048-staff-route-group.md): the group
 * loads the session and checks the user once, in an onRequest hook, so the body of a request that may
 * not pass is never read (R43): 401 for nobody signed in, 403 for a user the rule does not allow.
 * Public reads stay outside the group and never pay for a session (decision 009).
 */
export async function staffRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  register: FastifyPluginAsyncZod<AppContext>,
  options: { allow: StaffAction } = { allow: 'edit' },
) {
  await app.register(async function staffGroup(group: FastifyInstance) {
    await group.register(group.sessions);
    group.decorateRequest('staff', null);
    group.addHook('onRequest', async function checkStaff(request) {
      const row = await request.currentUser();
      if (!row) throw new HttpError(401, 'Please log in.');
      const user = staffOf(row);
      const action = request.routeOptions.config.allow ?? options.allow;
      if (!can(user, action)) throw new HttpError(403, FORBIDDEN[action]);
      request.staff = user;
    });
    await group.register(register, ctx);
  });
}
