import type { MailOutboxStore, OutboxMail } from '../src/lib/mail-outbox/mail-outbox';

export interface MemoryOutboxRow extends Omit<OutboxMail, 'attempts'> {
  attempts: number;
  status: 'pending' | 'sent' | 'failed';
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  claimToken: string | null;
  lastError: string | null;
  sentAt: Date | null;
}

/** The outbox in memory, with the same claim rules as the database: due, unleased, oldest first. */
export function createMemoryOutboxStore(): MailOutboxStore & {
  rows: MemoryOutboxRow[];
  enqueue(mail: Omit<OutboxMail, 'attempts'>): void;
} {
  const rows: MemoryOutboxRow[] = [];
  const owned = (id: string, token: string) => rows.find((row) => row.id === id && row.claimToken === token && row.status === 'pending');
  return {
    rows,
    enqueue(mail) {
      rows.push({
        ...mail,
        attempts: 0,
        status: 'pending',
        nextAttemptAt: mail.createdAt,
        lockedUntil: null,
        claimToken: null,
        lastError: null,
        sentAt: null,
      });
    },
    async claimDue({ now, limit, leaseUntil, claimToken }) {
      const due = rows
        .filter((row) => row.status === 'pending' && row.nextAttemptAt <= now && (row.lockedUntil === null || row.lockedUntil <= now))
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
        .slice(0, limit);
      for (const row of due) Object.assign(row, { attempts: row.attempts + 1, lockedUntil: leaseUntil, claimToken });
      return due.map(({ id, to, subject, text, messageId, attempts, createdAt }) => ({
        id,
        to,
        subject,
        text,
        messageId,
        attempts,
        createdAt,
      }));
    },
    async renewLease(id, token, leaseUntil) {
      const row = owned(id, token);
      if (row) row.lockedUntil = leaseUntil;
      return row !== undefined;
    },
    async markSent(id, token, at) {
      const row = owned(id, token);
      if (row) Object.assign(row, { status: 'sent', sentAt: at, lockedUntil: null });
    },
    async markRetry(id, token, { error, nextAttemptAt }) {
      const row = owned(id, token);
      if (row) Object.assign(row, { lastError: error, nextAttemptAt, lockedUntil: null });
    },
    async markFailed(id, token, { error }) {
      const row = owned(id, token);
      if (row) Object.assign(row, { status: 'failed', lastError: error, lockedUntil: null });
    },
  };
}
