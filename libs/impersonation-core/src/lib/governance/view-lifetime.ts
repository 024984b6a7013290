import type { Policy, PolicyRule } from './define-policy';
import type { ViewMode } from '../consent/access-request';
import type { Account } from './roles';

/**
 * When a view that starts `at` ends at the latest: after the policy's longest view for the actor, and
 * never after the actor's own session ends (a view must not outlive the session that started it).
 */
export function viewExpiresAt({ at, minutes, actorSessionEndsAt }: { at: Date; minutes: number; actorSessionEndsAt: Date }): Date {
  return new Date(Math.min(at.getTime() + minutes * 60_000, actorSessionEndsAt.getTime()));
}

/**
 * Why a running view must end now, or `null` while the policy still allows it: the actor was demoted
 * or disabled, the target was disabled or promoted beyond what the actor may view, or the mode is no
 * longer the actor's to use. The same rules as a start, applied to the accounts as they are now.
 */
export function whyViewMustEnd(
  policy: Policy,
  { actor, target, mode }: { actor: Account | null; target: Account | null; mode: ViewMode },
): PolicyRule | 'account_gone' | null {
  if (!actor || !target) return 'account_gone';
  const decision = policy.decide(actor, target, mode);
  return decision.allowed ? null : decision.rule;
}
