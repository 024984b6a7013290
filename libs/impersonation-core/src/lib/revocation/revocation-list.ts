/**
 * Impersonations this process has seen end. Their cookies stop working here at once; other app servers
 * notice at their next database re-check (at most 30 s). Entries are kept only until the impersonation
 * would have expired anyway, since a token cannot outlive that.
 */
export interface RevocationList {
  revoke(impersonationId: string, until: Date, now: Date): void;
  isRevoked(impersonationId: string, now: Date): boolean;
}

export function createRevocationList(): RevocationList {
  const revoked = new Map<string, number>();
  const prune = (now: number) => {
    for (const [id, until] of revoked) if (until <= now) revoked.delete(id);
  };
  return {
    revoke(impersonationId, until, now) {
      prune(now.getTime());
      revoked.set(impersonationId, until.getTime());
    },
    isRevoked(impersonationId, now) {
      const until = revoked.get(impersonationId);
      return until !== undefined && until > now.getTime();
    },
  };
}
