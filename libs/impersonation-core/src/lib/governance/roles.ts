import type { ViewMode } from '../consent/access-request';
import { USER_ROLES, type UserRole, type UserStatus } from '../model';

/**
 * The roles the access policy decides for: the stored ones (`user`, `admin`) and support agents. A
 * policy names every role, so a table written today already says what support agents may do.
 */
export const ROLES = [...USER_ROLES, 'support'] as const;
export type Role = UserRole | 'support';

/** Every mode a view may take: `read_only` looks without changing anything, `full` acts as the user. */
export const VIEW_MODES: readonly ViewMode[] = ['read_only', 'full'];

/** The mode a start gets when it does not ask for one. */
export const DEFAULT_VIEW_MODE: ViewMode = 'read_only';

/** What the policy needs to know about a person: always read from the database, never from a token. */
export interface Account {
  id: string;
  role: Role;
  status: UserStatus;
}

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
export const isViewMode = (value: unknown): value is ViewMode =>
  typeof value === 'string' && (VIEW_MODES as readonly string[]).includes(value);
