import { createPasswordHasher, DEFAULT_SCRYPT_COST } from './password';

// A tiny cost keeps the tests fast; the format and the comparison are the same at any cost.
const hasher = createPasswordHasher({ log2N: 4, r: 8, p: 1 });

describe('password hashing', () => {
  it('verifies the password it hashed and refuses any other', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(await hasher.verify('correct horse battery staple', stored)).toBe(true);
    expect(await hasher.verify('correct horse battery stapler', stored)).toBe(false);
  });

  it('writes a versioned string that carries its cost and a per-password salt', async () => {
    const [first, second] = await Promise.all([hasher.hash('same'), hasher.hash('same')]);
    expect(first).toMatch(/^scrypt\$v1\$ln=4,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toEqual(second);
  });

  it('verifies a hash written with another cost, so the cost can be raised without a migration', async () => {
    const stored = await createPasswordHasher({ log2N: 5, r: 4, p: 1 }).hash('pw');
    expect(await hasher.verify('pw', stored)).toBe(true);
  });

  it('answers false, not an error, for a malformed or absurdly expensive stored hash', async () => {
    expect(await hasher.verify('pw', 'plain-text-password')).toBe(false);
    expect(await hasher.verify('pw', `scrypt$v1$ln=40,r=8,p=1$${'A'.repeat(22)}$${'A'.repeat(43)}`)).toBe(false);
  });

  it('treats canonically equivalent Unicode spellings of a password as the same password', async () => {
    const stored = await hasher.hash('caf\u00e9');
    expect(await hasher.verify('cafe\u0301', stored)).toBe(true);
  });

  it('always refuses the dummy check used for unknown accounts', async () => {
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('defaults to the OWASP scrypt baseline', () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ log2N: 15, r: 8, p: 1 });
  });
});
