import type { MailTransport } from '@viewas/impersonation-core';
import nodemailer from 'nodemailer';

/** Bounded, so a hung mail server fails an attempt (and the outbox retries) well inside the worker's lease. */
export const SMTP_TIMEOUT_MS = 15_000;

/**
 * The outbox's transport over SMTP (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS). One
 * connection per message: the worker sends a handful at a time, and a fresh connection notices a mail
 * server that came back at once.
 */
export function createSmtpTransport(url: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(url, {}) as ReturnType<typeof nodemailer.createTransport>;
  const options = transporter.options as Record<string, unknown>;
  options['connectionTimeout'] = SMTP_TIMEOUT_MS;
  options['greetingTimeout'] = SMTP_TIMEOUT_MS;
  options['socketTimeout'] = SMTP_TIMEOUT_MS;
  return {
    async send({ from, to, subject, text, messageId }) {
      await transporter.sendMail({ from, to, subject, text, messageId });
    },
    close: () => transporter.close(),
  };
}
