import { USER_ROLES, VIEW_MODES, type UserRole, type UserStatus, type ViewMode } from '../model';

/** The roles the access policy decides for: ordinary users, support agents and administrators. */
export const ROLES = USER_ROLES;
export type Role = UserRole;

export { VIEW_MODES };

/** The mode a start gets when it does not ask for one. */
export const DEFAULT_VIEW_MODE: ViewMode = 'read_only';

/** What the policy needs to know about a person: always read from the database, never from a token. */
export interface Account {
  id: string;
  role: Role;
  status: UserStatus;
  /** When the account was created: the account-age rule reads it (`PolicyOptions.minAccountAgeForSupportDays`). */
  createdAt?: Date;
}

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
export const isViewMode = (value: unknown): value is ViewMode =>
  typeof value === 'string' && (VIEW_MODES as readonly string[]).includes(value);
