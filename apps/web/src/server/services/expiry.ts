import type { Logger } from '../logging/logger';
import type { Storage } from '../storage/storage';
import { person } from './impersonation-rules';
import { ledgerEvent } from './ledger';

/**
 * Closes the impersonations whose time is up and writes one `impersonation.expired` row for each, in the
 * same transaction. Closing is atomic, so however many servers and requests sweep at once, every expiry
 * is recorded exactly once. Runs before anything that shows impersonations or the ledger, when a session
 * is found past its expiry, and on a timer.
 */
export function createExpirySweeper({ storage, now, logger }: { storage: () => Promise<Storage>; now: () => Date; logger: Logger }) {
  return async function sweepExpired(): Promise<number> {
    const at = now();
    const db = await storage();
    const expired = await db.transaction(async (tx) => {
      const rows = await tx.impersonations.expireDue(at);
      for (const row of rows) {
        const details = await tx.impersonations.findById(row.id);
        if (!details) continue;
        await tx.audit.append(
          ledgerEvent({
            type: 'impersonation.expired',
            actor: person(details.admin),
            target: person(details.target),
            impersonation: row,
            // Nobody asked for this: no caller to record.
            info: { ip: null, userAgent: null },
            at,
            detail: { expiredAt: row.endedAt?.toISOString(), neverStarted: row.startedAt === null },
          }),
        );
      }
      return rows;
    });
    if (expired.length > 0) logger.info({ component: 'expiry', impersonationIds: expired.map((row) => row.id) }, 'impersonations expired');
    return expired.length;
  };
}

export type SweepExpired = ReturnType<typeof createExpirySweeper>;
