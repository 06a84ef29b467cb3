import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '#shared/roles.ts';
import { timestamps } from './columns.ts';

/**
 * Staff accounts and the files they upload: users, their sessions, password reset links, what happened
 * to each account, and the uploaded pictures (of a person or a site).
 */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** docs/product.md R570: 'admin', 'editor', 'partner' (a partner manager) or 'user'. */
    role: text('role', { enum: ROLES }).notNull().default('user'),
    /** Set while the account may not sign in (R573); its sessions and links are deleted when it is set. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    pictureAssetId: integer('picture_asset_id').references((): AnyPgColumn => assets.id, {
      onDelete: 'set null',
    }),
    language: text('language'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' (a forgotten password) or 'invite' (a new account's first password, R572). */
    purpose: text('purpose', { enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

/**
 * What happened to a staff account (docs/product.md R430–R431): created, promoted, password or e-mail
 * changed, password reset, sign-in failed. `actorId` is who did it (null: the server itself, from
 * ADMIN_EMAIL, or a visitor); `detail` holds no secret and no password.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
);

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    /** Random storage key; the file lives at uploads/<key>. */
    key: text('key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('assets_key_key').on(t.key),
    index('assets_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);
