/**
 * The roles an account can have (docs/product.md R570). Administrators do everything, staff accounts
 * and deployment settings included; editors keep the directory (sites, lists, closures, reports,
 * confirmations, imports) but not accounts; a partner manager keeps the sites of their own nutrition
 * partners (hours, closures, the "before you go" facts, contacts); a user has an account and nothing
 * more. Which role may do what is enforced in one table on the server (server/plugins/staff-routes.ts).
 */
export const ROLES = ['admin', 'editor', 'partner', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that see the agency's own screens: the original client's `isAdmin` is true for them. */
export const DIRECTORY_ROLES: readonly Role[] = ['admin', 'editor'];

export const keepsDirectory = (role: Role) => DIRECTORY_ROLES.includes(role);
