import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { addressLimitKey, type ThrottlePolicy } from '@viewas/impersonation-core';
import { NewPasswordSchema } from '@viewas/admin-api/server';
import type { PasswordHasher } from '../auth/password';
import { createPostgresStore, type SetupTokenRow } from '@viewas/impersonation-core/postgres';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';

/** How long a printed setup link works: long enough to open it, short enough that an old log line is useless. */
export const SETUP_LINK_TTL_MS = 60 * 60_000;
export const SETUP_PATH = '/setup';

/** What the setup form sends; every message is shown next to its field. */
export const FirstAdminInput = z
  .object({
    token: z.string().min(1, 'This setup link is incomplete: open the whole link printed by the server').max(200),
    email: z.string().trim().min(1, 'Enter an e-mail address').max(320).pipe(z.email('Enter an e-mail address like name@example.com')),
    name: z.string().trim().max(200).optional(),
    // The one password rule (`user:create`, a password change).
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((input) => input.password === input.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords differ: type the same password twice',
  });
export type FirstAdminInput = z.infer<typeof FirstAdminInput>;

/**
 * Uses of the setup form per address (each may cost a memory-hard password hash): twenty in a quarter of
 * an hour is more than a person opening their link needs, and keeps a flood from tying up the threads
 * that sign-in and the embedded database share.
 */
export const DEFAULT_SETUP_LIMIT: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export type SetupOutcome =
  | { created: true; email: string }
  | { created: false; why: 'invalid_link' | 'already_set_up' }
  | { created: false; why: 'rate_limited'; retryAfterSeconds: number };

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * The first administrator of an empty production database, without demo accounts: at start the
 * server prints a one-time link (a random 256-bit token; only its SHA-256 is stored). Opening it shows
 * a form where that person chooses their e-mail and password. The link works once, for
 * `SETUP_LINK_TTL_MS`, and only while the database has no account; a restart on a still-empty database
 * prints a new one (the old one stops working). Tokens are compared in constant time.
 *
 * The password is hashed (32 MiB of scrypt) only for a request that could succeed: every use counts
 * against its address's `limit` first, then the token and the empty database are checked (a SHA-256 and
 * two reads), and only then is the password hashed.
 */
export function createFirstAdminSetup({
  database,
  hasher,
  now,
  logger,
  limit = DEFAULT_SETUP_LIMIT,
}: {
  database: () => Promise<Database>;
  hasher: PasswordHasher;
  now: () => Date;
  logger: Logger;
  limit?: ThrottlePolicy;
}) {
  const log = logger.child({ component: 'first-admin-setup' });

  /** The usable link matching `token`, compared in constant time against every usable one. */
  function matching(rows: SetupTokenRow[], token: string): SetupTokenRow | null {
    const given = hashToken(token);
    let found: SetupTokenRow | null = null;
    for (const row of rows) {
      const stored = Buffer.from(row.tokenHash, 'hex');
      if (stored.length === given.length && timingSafeEqual(stored, given)) found = row;
    }
    return found;
  }

  return {
    /** On an empty database, a new one-time link's token (to print); `null` when there is an account already. */
    async issueIfEmpty(): Promise<string | null> {
      const store = createPostgresStore(await database());
      if ((await store.users.count()) > 0) return null;
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await store.setupTokens.issue(hashToken(token).toString('hex'), new Date(at.getTime() + SETUP_LINK_TTL_MS), at);
      log.info({ expiresInMinutes: SETUP_LINK_TTL_MS / 60_000 }, 'no account yet: a one-time setup link was printed to the terminal');
      return token;
    },

    /** Whether the link can still create the first administrator (for the page; nothing is used up). */
    async isUsable(token: string): Promise<boolean> {
      const store = createPostgresStore(await database());
      if ((await store.users.count()) > 0) return false;
      return matching(await store.setupTokens.usable(now()), token) !== null;
    },

    /**
     * Creates the first administrator, using the link up; in one transaction, so of two tries one wins.
     * Refuses before hashing the password whatever it can: an address over its limit (`ip`: the client's
     * address, `null` when unknown), a token that matches no usable link, a deployment already set up.
     */
    async complete(input: FirstAdminInput, ip: string | null): Promise<SetupOutcome> {
      const at = now();
      const store = createPostgresStore(await database());
      const verdict = await store.throttle.takeAttempt(`setup:${ip ? addressLimitKey(ip) : 'unknown'}`, at, limit);
      if (!verdict.allowed) {
        log.warn({ ip }, 'a setup link use was refused: too many attempts');
        const retryAfterSeconds = Math.max(1, Math.ceil((verdict.lockedUntil.getTime() - at.getTime()) / 1000));
        return { created: false, why: 'rate_limited', retryAfterSeconds };
      }
      // The account first: the setup that created one used its link up in the same commit, so a link
      // still usable after that read is one the setup did not use (409), and a used one answers 410.
      const hasAccount = (await store.users.count()) > 0;
      const refused = !matching(await store.setupTokens.usable(at), input.token) ? 'invalid_link' : hasAccount ? 'already_set_up' : null;
      if (refused) {
        log.warn({ why: refused }, 'a setup link was refused');
        return { created: false, why: refused };
      }
      const passwordHash = await hasher.hash(input.password);
      const outcome = await createPostgresStore(await database()).transaction(async (tx): Promise<SetupOutcome> => {
        const link = matching(await tx.setupTokens.usable(at), input.token);
        if (!link || !(await tx.setupTokens.consume(link.id, at))) return { created: false, why: 'invalid_link' };
        if ((await tx.users.count()) > 0) return { created: false, why: 'already_set_up' };
        const admin = await tx.users.create({ email: input.email, name: input.name || null, role: 'admin', passwordHash });
        return { created: true, email: admin.email };
      });
      if (outcome.created) log.warn('the first administrator was created through the setup link');
      else log.warn({ why: outcome.why }, 'a setup link was refused');
      return outcome;
    },
  };
}

export type FirstAdminSetup = ReturnType<typeof createFirstAdminSetup>;
