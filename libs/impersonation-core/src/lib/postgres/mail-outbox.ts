import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MailOutboxStore } from '../mail-outbox/mail-outbox';
import type { NewMail } from '../notifications/notifier';
import { mailOutbox } from './consent-schema';
import type { Queryable } from './database';

/**
 * The e-mail outbox in the database. A claim takes due rows with `FOR UPDATE SKIP LOCKED` and leases
 * them, so workers on any number of app servers never take the same mail at once; the worker renews the
 * lease while it sends, and one that dies mid-send loses its lease and the mail goes to the next one.
 */
export function createMailOutboxRepository(db: Queryable): MailOutboxStore & { enqueue(mail: NewMail): Promise<void> } {
  const owned = (id: string, claimToken: string) =>
    and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, claimToken), eq(mailOutbox.status, 'pending'));
  return {
    async enqueue(mail) {
      await db.insert(mailOutbox).values({
        id: mail.id,
        notificationId: mail.notificationId,
        toAddress: mail.to,
        subject: mail.subject,
        bodyText: mail.text,
        messageId: mail.messageId,
        nextAttemptAt: mail.createdAt,
        createdAt: mail.createdAt,
      });
    },

    async claimDue({ now, limit, leaseUntil, claimToken }) {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, now),
            or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(mailOutbox)
        // Drizzle's set() has no increment; the column reads its own value in the same statement.
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, lockedUntil: leaseUntil, claimToken })
        .where(inArray(mailOutbox.id, due))
        .returning({
          id: mailOutbox.id,
          to: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          text: mailOutbox.bodyText,
          messageId: mailOutbox.messageId,
          attempts: mailOutbox.attempts,
          createdAt: mailOutbox.createdAt,
        });
      return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async renewLease(id, claimToken, leaseUntil) {
      const renewed = await db
        .update(mailOutbox)
        .set({ lockedUntil: leaseUntil })
        .where(owned(id, claimToken))
        .returning({ id: mailOutbox.id });
      return renewed.length > 0;
    },

    async markSent(id, claimToken, at) {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: at, lockedUntil: null, lastError: null }).where(owned(id, claimToken));
    },

    async markRetry(id, claimToken, { error, nextAttemptAt }) {
      await db.update(mailOutbox).set({ lastError: error, nextAttemptAt, lockedUntil: null }).where(owned(id, claimToken));
    },

    async markFailed(id, claimToken, { error }) {
      await db.update(mailOutbox).set({ status: 'failed', lastError: error, lockedUntil: null }).where(owned(id, claimToken));
    },
  };
}
