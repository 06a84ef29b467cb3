import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROLES } from '#shared/roles.ts';
import type { Db } from '../db/client.ts';
import { userPartners, users } from '../db/schema.ts';
import { hashPassword } from '../services/accounts.ts';

/**
 * For the browser journeys only: `POST /test/accounts` makes an account of any role, a partner
 * manager with their nutrition partners among them, so a journey can sign in as one (the embedded
 * database is the server's alone, so a journey cannot write it). Off unless TEST_ACCOUNTS=true, which
 * the configuration refuses in production; outside /api, in no API document.
 */
const AccountSchema = z.object({
  email: z.email(),
  password: z.string().min(8),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  role: z.enum(ROLES),
  partnerIds: z.array(z.number().int().positive()).default([]),
});

export default async function testAccounts(app: FastifyInstance, options: { db: Db }) {
  app.log.warn('TEST_ACCOUNTS is on: POST /test/accounts makes accounts of any role');
  app.post('/test/accounts', { schema: { hide: true } }, async (request, reply) => {
    const { partnerIds, password, ...account } = AccountSchema.parse(request.body);
    const [row] = await options.db
      .insert(users)
      .values({ ...account, passwordHash: await hashPassword(password) })
      .returning({ id: users.id });
    if (partnerIds.length)
      await options.db
        .insert(userPartners)
        .values(partnerIds.map((partnerId) => ({ userId: row!.id, partnerId })));
    return reply.code(201).send({ id: row!.id });
  });
}
