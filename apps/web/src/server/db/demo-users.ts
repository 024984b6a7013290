import type { NewUser } from '@viewas/impersonation-core';

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Barbara',
  'Claude',
  'Dennis',
  'Edsger',
  'Frances',
  'Grace',
  'Hedy',
  'Ivan',
  'Jean',
  'Ken',
  'Leslie',
  'Margaret',
  'Niklaus',
  'Radia',
  'Shafi',
  'Tim',
  'Whitfield',
  'Yukihiro',
];
const LAST_NAMES = ['Abara', 'Bianchi', 'Chen', 'Dubois', 'Eriksen', 'Fernandes', 'Gupta', 'Hansen', 'Ito', 'Kowalski'];

/** The named demo accounts of the embedded database (the password is set by the caller). */
export const DEMO_ACCOUNTS: readonly Omit<NewUser, 'passwordHash'>[] = [
  { email: 'admin@example.com', name: 'Avery Admin', role: 'admin' },
  { email: 'admin2@example.com', name: 'Blake Admin', role: 'admin' },
  { email: 'support@example.com', name: 'Sam Support', role: 'support' },
  { email: 'user@example.com', name: 'Casey User', role: 'user' },
  { email: 'disabled@example.com', name: 'Devon Disabled', role: 'user', status: 'disabled' },
];

export const GENERATED_USER_COUNT = FIRST_NAMES.length * LAST_NAMES.length;

/** 200 ordinary users with realistic, unique names: every first name with every last name. */
export function generatedUsers(): Omit<NewUser, 'passwordHash'>[] {
  return LAST_NAMES.flatMap((last) =>
    FIRST_NAMES.map((first) => ({ email: `${first}.${last}@example.com`.toLowerCase(), name: `${first} ${last}`, role: 'user' as const })),
  );
}
