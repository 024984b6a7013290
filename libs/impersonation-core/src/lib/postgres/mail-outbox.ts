import { and, eq, sql } from 'drizzle-orm';
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
      const claimed = await db.execute<MailOutboxRowSql>(sql`
        update ${mailOutbox}
           set attempts = attempts + 1, locked_until = ${leaseUntil}, claim_token = ${claimToken}
         where id in (
           select id from ${mailOutbox}
            where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning id, to_address, subject, body_text, message_id, attempts, created_at`);
      return rowsOf(claimed)
        .map((row) => ({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          messageId: row.message_id,
          attempts: Number(row.attempts),
          createdAt: new Date(row.created_at),
        }))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
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

interface MailOutboxRowSql extends Record<string, unknown> {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  message_id: string;
  attempts: number | string;
  created_at: string | Date;
}

/** node-postgres answers `{ rows }`, PGlite too; both through Drizzle's `execute`. */
function rowsOf(result: unknown): MailOutboxRowSql[] {
  return (result as { rows: MailOutboxRowSql[] }).rows;
}
