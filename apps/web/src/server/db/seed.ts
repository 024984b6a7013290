import type { PasswordHasher } from '../auth/password';
import type { ImpersonationStore } from '@viewas/impersonation-core';
import { DEMO_ACCOUNTS, generatedUsers } from './demo-users';

export interface SeedResult {
  seeded: boolean;
  accounts: number;
}

/**
 * Fills an empty embedded database with the demo accounts; a database with any account is left alone.
 * The named accounts get their own salted hashes. The 200 generated users share one hash of the same
 * demo password: they are fixtures, and 200 memory-hard hashes would add many seconds to the first start.
 */
export async function seedDemoData(storage: ImpersonationStore, hasher: PasswordHasher, password: string): Promise<SeedResult> {
  if ((await storage.users.count()) > 0) return { seeded: false, accounts: 0 };
  // One hash at a time: each scrypt holds 32 MiB, and four at once (libuv's thread pool) held 128 MiB during a
  // first start.
  const named: ((typeof DEMO_ACCOUNTS)[number] & { passwordHash: string })[] = [];
  for (const account of DEMO_ACCOUNTS) named.push({ ...account, passwordHash: await hasher.hash(password) });
  const sharedHash = await hasher.hash(password);
  const generated = generatedUsers().map((user) => ({ ...user, passwordHash: sharedHash }));
  await storage.transaction(async (tx) => {
    await tx.users.createMany(named);
    await tx.users.createMany(generated);
  });
  return { seeded: true, accounts: named.length + generated.length };
}
