import type { AdminUserSummary } from '../contracts/users';

export type FakeUser = Pick<AdminUserSummary, 'id' | 'email' | 'name' | 'role' | 'status'>;

/** The fake service's default directory: one of each case the admin page must handle. */
export const fakeUsersFixture: FakeUser[] = [
  { id: 'usr_admin', email: 'grace@example.com', name: 'Grace Hopper', role: 'admin', status: 'active' },
  { id: 'usr_linus', email: 'linus@example.com', name: 'Linus Torvalds', role: 'admin', status: 'active' },
  { id: 'usr_ada', email: 'ada@example.com', name: 'Ada Lovelace', role: 'user', status: 'active' },
  { id: 'usr_alan', email: 'alan@example.com', name: null, role: 'user', status: 'disabled' },
  { id: 'usr_barbara', email: 'barbara@example.com', name: 'Barbara Liskov', role: 'user', status: 'active' },
];
