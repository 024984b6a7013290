import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  /** log2 of scrypt's N (CPU and memory cost): 15 means N = 32768, 32 MiB with r = 8. */
  log2N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt baseline. Tests pass a smaller cost; stored hashes carry their own, so both verify. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { log2N: 15, r: 8, p: 1 };

const KEY_LENGTH = 32;
const MAX_LOG2N = 20;
const SALT_LENGTH = 16;
const FORMAT = /^scrypt\$v1\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{43})$/;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time; `false` for a malformed stored hash rather than an error. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same time as a real check, for accounts that do not exist, so timing tells nothing. */
  verifyDummy(password: string): Promise<false>;
}

/**
 * Passwords as `scrypt$v1$ln=15,r=8,p=1$<salt>$<key>` (base64url): a versioned string that carries its
 * parameters, so the cost can be raised later without invalidating existing hashes.
 */
export function createPasswordHasher(cost: ScryptCost = DEFAULT_SCRYPT_COST): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, cost);
    return `scrypt$v1$ln=${cost.log2N},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  };
  const verify = async (password: string, stored: string) => {
    const [, log2N, r, p, salt, expected] = FORMAT.exec(stored) ?? [];
    // A cost this high would take minutes and gigabytes: not one we ever wrote.
    if (!salt || !expected || Number(log2N) > MAX_LOG2N) return false;
    const key = await derive(password, Buffer.from(salt, 'base64url'), { log2N: Number(log2N), r: Number(r), p: Number(p) });
    return timingSafeEqual(key, Buffer.from(expected, 'base64url'));
  };
  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(16).toString('base64url'));
      await verify(password, await dummy);
      return false;
    },
  };
}

function derive(password: string, salt: Buffer, { log2N, r, p }: ScryptCost): Promise<Buffer> {
  const N = 2 ** log2N;
  // Node refuses scrypt above 32 MiB by default; allow what these parameters need, with headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
