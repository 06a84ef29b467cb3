/**
 * npm run create-admin -- <firstName> <lastName> <email> <password>: creates or promotes an administrator
 * and sets the password given (unlike ADMIN_EMAIL at start-up, which never changes an existing password).
 */
import { z } from 'zod';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { ownerOnlyFiles } from '#server/db/owner-only.ts';
import { ensureAdmin } from '#server/services/accounts.ts';
import { EmailSchema } from '#shared/schemas/common.ts';
import { PasswordSchema } from '#shared/schemas/users.ts';
import { loadDotEnv } from './lib/toolchain.ts';

// Reads .env as `npm start` does, so this command works on the same database.
loadDotEnv();
// Files this command writes under DATA_DIR (database, backups) are the owner's alone (R362).
ownerOnlyFiles();

const [firstName, lastName, email, password] = process.argv.slice(2);
const parsed = z
  .object({
    firstName: z.string().trim().min(1),
    lastName: z.string().trim().min(1),
    email: EmailSchema,
    password: PasswordSchema,
  })
  .safeParse({ firstName, lastName, email, password });
if (!parsed.success) {
  console.error('Usage: npm run create-admin -- <firstName> <lastName> <email> <password>');
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const database = await openDatabase(loadConfig());
await database.migrate();
const result = await ensureAdmin(database.db, parsed.data, { resetPassword: true, via: 'create-admin' });
await database.close();
console.log(
  `${result.created ? 'Created' : 'Promoted'} administrator ${parsed.data.email} (id ${result.id}).`,
);
