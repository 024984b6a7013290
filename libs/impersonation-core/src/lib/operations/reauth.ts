import { secondsUntil } from '../denials';
import { person, type RequestInfo } from '../model';
import type { SessionState } from '../session';
import type { OperationContext } from './context';
import { refuse, refused, type Outcome } from './refusals';
import { staffOf } from './staff';

/**
 * Step-up: the staff member enters their password again, in their own session, before starting a
 * view. Counted like a sign-in (a wrong password costs an attempt of the sign-in throttle); a wrong
 * password is a ledger row. The entry counts for this session only.
 */
export async function reauth(
  ctx: OperationContext,
  { session, password, request }: { session: SessionState; password: string; request: RequestInfo },
): Promise<Outcome<{ enteredAt: Date }>> {
  const at = ctx.clock.now();
  const staff = await staffOf(ctx, session);
  if (!staff.ok) return staff;
  if (session.status !== 'valid') return refused('not_signed_in');
  const caller = staff.value.user;
  const passwords = ctx.sessions.passwords;
  const verdict = passwords ? await passwords.check(caller, password, request) : { ok: false as const, throttledUntil: null };
  if (!verdict.ok && verdict.throttledUntil) {
    ctx.log.warn({ actorId: caller.id, ip: request.ip }, 'reauth refused: too many attempts');
    return refused('reauth_failed', {
      attempt: 'reauth',
      actor: person(caller),
      throttledUntil: verdict.throttledUntil,
      retryAfterSeconds: secondsUntil(verdict.throttledUntil, at),
    });
  }
  if (!verdict.ok) return refuse(ctx, { attempt: 'reauth', why: 'reauth_failed', actor: person(caller), target: null }, request, at);
  await (await ctx.store()).passwordEntries.record({ userId: caller.id, sessionAuthTime: session.claims.authTime, at });
  ctx.log.info({ actorId: caller.id }, 'password entered again');
  return { ok: true, value: { enteredAt: at } };
}
