import type { ViewMode } from '../consent/access-request';
import type { Account, Role } from './roles';

/** One row of the policy: what a member of a role may do. */
export interface RoleRule {
  /** The roles of the accounts this role may view. Empty: may view nobody. */
  mayView: readonly Role[];
  /** The modes a view may take; the first one is what a start without a mode gets unless `defaultMode` says otherwise. */
  modes: readonly ViewMode[];
  defaultMode?: ViewMode;
  /** The longest a view may last, in minutes (before the deployment's cap). */
  longestViewMinutes: number;
}

/** The access policy's table: for each role, whom it may view, in which modes and for how long. */
export type PolicyRules = Record<Role, RoleRule>;

/**
 * Why the policy refuses. The first three hold for every role and cannot be configured away; the others
 * come from the role's row. Recorded in the ledger as the rule that refused.
 */
export type PolicyRule =
  | 'actor_not_active'
  | 'target_is_self'
  | 'target_disabled'
  | 'role_may_not_view'
  | 'target_role_not_allowed'
  | 'account_too_new'
  | 'mode_not_allowed';

export type PolicyDecision = { allowed: true; mode: ViewMode; minutes: number } | { allowed: false; rule: PolicyRule };

/** Per target, what the actor is offered: the modes, or the rule that makes a view impossible. */
export type ViewOptions =
  { possible: true; modes: ViewMode[]; defaultMode: ViewMode; minutes: number } | { possible: false; rule: PolicyRule };

export interface PolicyOptions {
  /** The deployment's cap on every view (`IMPERSONATION_MAX_MINUTES`): no row may last longer. */
  maxMinutes?: number;
  /**
   * Support agents may view an account only once it is at least this many days old (a brand-new account
   * is more likely a fraudster's set-up than a customer in need); administrators are not held to it.
   * Off when omitted.
   */
  minAccountAgeForSupportDays?: number;
}

/** The access policy in force: who may view whom, in which modes and for how long (`definePolicy`). */
export interface Policy {
  /** Per role: whom it may view, in which modes, and its default mode. */
  readonly rules: Readonly<PolicyRules>;
  /** The deployment's cap on every view, in minutes (`undefined`: each role's own longest view). */
  readonly maxMinutes: number | undefined;
  /** How old an account must be, in days, before support may view it (`undefined`: no such rule). */
  readonly minAccountAgeForSupportDays: number | undefined;
  /**
   * Whether `actor` may view as `target` in `mode` (the role's default when omitted), and for how long,
   * `at` that time (what the account-age rule measures from; without it that rule refuses).
   */
  decide(actor: Account, target: Account, mode?: ViewMode, at?: Date): PolicyDecision;
  /** What the admin page offers `actor` for `target`, `at` that time. */
  optionsFor(actor: Account, target: Account, at?: Date): ViewOptions;
  /** Whether a member of `role` may ever view anybody (the admin page is for them). */
  isStaff(role: Role): boolean;
  /** The longest view a member of `role` may hold, cap included (0 for a role that views nobody). */
  longestViewMinutes(role: Role): number;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * A policy from its table. Rules read top to bottom, the first that refuses wins:
 * the actor must be active; nobody views themself; nobody views a disabled account; the actor's role
 * must view someone at all, this target's role in particular; a support agent views only an account old
 * enough (`minAccountAgeForSupportDays`, when set); and in this mode.
 */
export function definePolicy(rules: PolicyRules, { maxMinutes, minAccountAgeForSupportDays }: PolicyOptions = {}): Policy {
  for (const [role, rule] of Object.entries(rules) as [Role, RoleRule][]) {
    if (rule.defaultMode && !rule.modes.includes(rule.defaultMode))
      throw new TypeError(`policy: the default mode of ${role} is not one of its modes`);
    if (rule.mayView.length > 0 && (rule.modes.length === 0 || !(rule.longestViewMinutes > 0))) {
      throw new TypeError(`policy: ${role} may view someone, so it needs at least one mode and a longest view above 0 minutes`);
    }
  }
  if (maxMinutes !== undefined && !(maxMinutes > 0)) throw new TypeError('policy: maxMinutes must be above 0');
  if (minAccountAgeForSupportDays !== undefined && !(minAccountAgeForSupportDays > 0)) {
    throw new TypeError('policy: minAccountAgeForSupportDays must be above 0');
  }
  const minAgeMs = (minAccountAgeForSupportDays ?? 0) * DAY_MS;
  // An account whose age cannot be told (no creation time, no time of decision) counts as too new.
  const tooNew = (target: Account, at: Date | undefined) =>
    !at || !target.createdAt || at.getTime() - target.createdAt.getTime() < minAgeMs;

  const longestViewMinutes = (role: Role) => {
    const rule = rules[role];
    if (rule.mayView.length === 0) return 0;
    return maxMinutes === undefined ? rule.longestViewMinutes : Math.min(rule.longestViewMinutes, maxMinutes);
  };

  function refusal(actor: Account, target: Account, at: Date | undefined): PolicyRule | null {
    const rule = rules[actor.role];
    if (actor.status !== 'active') return 'actor_not_active';
    if (rule.mayView.length === 0) return 'role_may_not_view';
    if (actor.id === target.id) return 'target_is_self';
    if (target.status !== 'active') return 'target_disabled';
    if (!rule.mayView.includes(target.role)) return 'target_role_not_allowed';
    if (minAgeMs > 0 && actor.role === 'support' && tooNew(target, at)) return 'account_too_new';
    return null;
  }

  const defaultModeOf = (role: Role): ViewMode | undefined => rules[role].defaultMode ?? rules[role].modes[0];

  return {
    rules,
    maxMinutes,
    minAccountAgeForSupportDays,
    decide(actor, target, mode, at) {
      const refused = refusal(actor, target, at);
      if (refused) return { allowed: false, rule: refused };
      const chosen = mode ?? defaultModeOf(actor.role);
      if (!chosen || !rules[actor.role].modes.includes(chosen)) return { allowed: false, rule: 'mode_not_allowed' };
      return { allowed: true, mode: chosen, minutes: longestViewMinutes(actor.role) };
    },
    optionsFor(actor, target, at) {
      const refused = refusal(actor, target, at);
      const defaultMode = defaultModeOf(actor.role);
      if (refused || !defaultMode) return { possible: false, rule: refused ?? 'role_may_not_view' };
      return { possible: true, modes: [...rules[actor.role].modes], defaultMode, minutes: longestViewMinutes(actor.role) };
    },
    isStaff: (role) => rules[role].mayView.length > 0,
    longestViewMinutes,
  };
}
