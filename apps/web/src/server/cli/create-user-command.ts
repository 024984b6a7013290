import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import type { PasswordHasher } from '../auth/password';
import { USER_ROLES, type UsersRepository } from '@viewas/impersonation-core';
import { MIN_PASSWORD_LENGTH } from '@viewas/admin-api/account';
import { NewPasswordSchema } from '@viewas/admin-api/server';

export const USAGE =
  'Usage: npm run user:create -- --email <address> [--role user|support|admin] [--name "Full Name"] [--password <password>]';
// The one password rule (first admin's setup, a password change): `@viewas/admin-api`'s.
export { MIN_PASSWORD_LENGTH };

const OptionsSchema = z.object({
  email: z.email('--email must be an e-mail address'),
  role: z.enum(USER_ROLES, { error: '--role must be user, support or admin' }).default('user'),
  name: z.string().trim().min(1).max(200).optional(),
  password: z.optional(NewPasswordSchema),
});

export interface CreateUserIo {
  users: UsersRepository;
  hasher: PasswordHasher;
  /** Asks for a password without echoing it; `null` when there is no terminal to ask on. */
  promptPassword: () => Promise<string | null>;
  print: (line: string) => void;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `user:create`: the way accounts are made on PostgreSQL, where nothing is seeded. */
export async function createUserCommand(argv: string[], io: CreateUserIo): Promise<void> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const parsed = OptionsSchema.safeParse(values);
  if (!parsed.success) throw new UsageError(`${parsed.error.issues.map((issue) => issue.message).join('\n')}\n${USAGE}`);
  const options = parsed.data;

  let password = options.password ?? (await io.promptPassword());
  const generated = password === null;
  const typed = password === null ? null : NewPasswordSchema.safeParse(password);
  if (typed && !typed.success) throw new UsageError(`${typed.error.issues.map((issue) => issue.message).join('\n')}.`);
  password ??= randomBytes(18).toString('base64url');

  const user = await io.users.create({
    email: options.email,
    name: options.name ?? null,
    role: options.role,
    passwordHash: await io.hasher.hash(password),
  });
  io.print(`Created ${user.role} account ${user.email} (id ${user.id}).`);
  if (generated) io.print(`Its password, shown only this once: ${password}`);
}
