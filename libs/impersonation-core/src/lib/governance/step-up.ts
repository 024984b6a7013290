/** How long a password entry counts for starting a view, unless the deployment says otherwise (`IMPERSONATION_REAUTH_MINUTES`). */
export const DEFAULT_REAUTH_MINUTES = 15;

/**
 * Whether the actor must enter their password again before starting a view: never entered, or entered
 * more than `windowMinutes` ago (an entry exactly `windowMinutes` old still counts; 1 ms later it does
 * not). Signing in is an entry.
 */
export function needsReauth({
  lastPasswordAt,
  now,
  windowMinutes,
}: {
  lastPasswordAt: Date | null;
  now: Date;
  windowMinutes: number;
}): boolean {
  if (!lastPasswordAt) return true;
  return now.getTime() - lastPasswordAt.getTime() > windowMinutes * 60_000;
}
