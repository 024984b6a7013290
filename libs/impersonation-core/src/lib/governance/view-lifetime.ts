import { PENDING_WINDOW_MS } from '../store';
import type { Policy, PolicyRule } from './define-policy';
import type { ViewMode } from '../consent/access-request';
import type { Account } from './roles';

/**
 * When a view that starts `at` ends at the latest: after the policy's longest view for the actor, never
 * after the actor's own session ends (a view must not outlive the session that started it), and never
 * after the grant that allowed it ends (`grantEndsAt`: a user's or a second admin's approval for a while).
 */
export function viewExpiresAt({
  at,
  minutes,
  actorSessionEndsAt,
  grantEndsAt = null,
}: {
  at: Date;
  minutes: number;
  actorSessionEndsAt: Date;
  grantEndsAt?: Date | null;
}): Date {
  const ends = [at.getTime() + minutes * 60_000, actorSessionEndsAt.getTime()];
  if (grantEndsAt) ends.push(grantEndsAt.getTime());
  return new Date(Math.min(...ends));
}

/**
 * Why a running view must end now, or `null` while the policy still allows it: the actor was demoted
 * or disabled, the target was disabled or promoted beyond what the actor may view, or the mode is no
 * longer the actor's to use. The same rules as a start, applied to the accounts as they are now.
 */
export function whyViewMustEnd(
  policy: Policy,
  { actor, target, mode, at }: { actor: Account | null; target: Account | null; mode: ViewMode; at?: Date },
): PolicyRule | 'account_gone' | null {
  if (!actor || !target) return 'account_gone';
  const decision = policy.decide(actor, target, mode, at);
  return decision.allowed ? null : decision.rule;
}

/**
 * When a view whose time is up ended (the sweep dates each expiry there, not at the sweep): a view taken
 * over at its hard expiry; one never taken over at the end of its pending window, or at its hard expiry
 * if that came first.
 */
export function expiredAt({ startedAt, createdAt, expiresAt }: { startedAt: Date | null; createdAt: Date; expiresAt: Date }): Date {
  if (startedAt) return expiresAt;
  return new Date(Math.min(expiresAt.getTime(), createdAt.getTime() + PENDING_WINDOW_MS));
}
