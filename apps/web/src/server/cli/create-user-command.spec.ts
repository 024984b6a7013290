import { createPasswordHasher } from '../auth/password';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { DuplicateEmailError } from '@viewas/impersonation-core';
import { createUserCommand, MIN_PASSWORD_LENGTH, UsageError, type CreateUserIo } from './create-user-command';

const hasher = createPasswordHasher({ log2N: 4, r: 8, p: 1 });

describe('user:create', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPgliteTestDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  function io(answer: string | null = null) {
    const printed: string[] = [];
    const commandIo: CreateUserIo = {
      users: database.storage.users,
      hasher,
      promptPassword: async () => answer,
      print: (line) => printed.push(line),
    };
    return { commandIo, printed };
  }

  it('creates an admin with the given name and password, printing no password', async () => {
    const { commandIo, printed } = io();
    await createUserCommand(
      ['--email', 'ops@example.com', '--role', 'admin', '--name', 'Ops Person', '--password', 'a-long-enough-password'],
      commandIo,
    );
    const user = await database.storage.users.findByEmail('ops@example.com');
    expect(user).toMatchObject({ role: 'admin', name: 'Ops Person', status: 'active' });
    expect(await hasher.verify('a-long-enough-password', user?.passwordHash ?? '')).toBe(true);
    expect(printed).toEqual([`Created admin account ops@example.com (id ${user?.id}).`]);
  });

  it('creates a support agent with --role support', async () => {
    const { commandIo, printed } = io();
    await createUserCommand(['--email', 'agent@example.com', '--role', 'support', '--password', 'a-long-enough-password'], commandIo);
    const user = await database.storage.users.findByEmail('agent@example.com');
    expect(user).toMatchObject({ role: 'support', status: 'active' });
    expect(printed).toEqual([`Created support account agent@example.com (id ${user?.id}).`]);
  });

  it('uses the password typed at the prompt', async () => {
    const { commandIo } = io('typed-at-the-prompt');
    await createUserCommand(['--email', 'typed@example.com'], commandIo);
    const user = await database.storage.users.findByEmail('typed@example.com');
    expect(user?.role).toBe('user');
    expect(await hasher.verify('typed-at-the-prompt', user?.passwordHash ?? '')).toBe(true);
  });

  it('generates a password when there is no terminal to ask on, and prints it once', async () => {
    const { commandIo, printed } = io(null);
    await createUserCommand(['--email', 'generated@example.com'], commandIo);
    const password = printed[1]?.replace('Its password, shown only this once: ', '') ?? '';
    expect(password.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect(await hasher.verify(password, (await database.storage.users.findByEmail('generated@example.com'))?.passwordHash ?? '')).toBe(
      true,
    );
  });

  it.each([
    [['--role', 'admin'], /--email must be an e-mail address/],
    [['--email', 'x@example.com', '--role', 'root'], /--role must be user, support or admin/],
    [['--email', 'x@example.com', '--password', 'short'], /at least 12 characters/],
    [['--email', 'x@example.com', '--unknown'], /Unknown option/],
  ])('refuses %j with a usage error', async (argv, message) => {
    await expect(createUserCommand(argv, io().commandIo)).rejects.toThrow(UsageError);
    await expect(createUserCommand(argv, io().commandIo)).rejects.toThrow(message);
  });

  it('refuses a too-short password typed at the prompt', async () => {
    await expect(createUserCommand(['--email', 'short@example.com'], io('short').commandIo)).rejects.toThrow(UsageError);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    await expect(
      createUserCommand(['--email', 'OPS@example.com', '--password', 'another-long-password'], io().commandIo),
    ).rejects.toBeInstanceOf(DuplicateEmailError);
  });
});
