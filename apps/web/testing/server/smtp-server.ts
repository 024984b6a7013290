import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ReceivedMail {
  at: string;
  to: string[];
  messageId: string;
  subject: string;
  from: string;
  /** The body, decoded from quoted-printable. */
  text: string;
  raw: string;
}

export interface SmtpServerProcess {
  port: number;
  pid: number;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived in all (rejects after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  /** An outage: the process dies at once, connections and all. */
  kill(): Promise<void>;
}

const SCRIPT = path.join(__dirname, 'smtp-server-process.mjs');

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

function parse(raw: string, at: string, to: string[]): ReceivedMail {
  const separator = raw.search(/\r?\n\r?\n/);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const quoted = /quoted-printable/i.test(header(raw, 'Content-Transfer-Encoding'));
  return {
    at,
    to,
    raw,
    messageId: header(raw, 'Message-ID'),
    subject: header(raw, 'Subject'),
    from: header(raw, 'From'),
    text: quoted ? decodeQuotedPrintable(body) : body.replace(/\r\n/g, '\n'),
  };
}

/**
 * Starts the SMTP server in a child process (port 0: any free one; or a given port, to come back on
 * the same address after an outage). `received` is shared between restarts when passed in. With
 * `answerDelayMs`, a slow server: each message is received at once and accepted that long after.
 */
export async function startSmtpServerProcess(
  options: { port?: number; received?: ReceivedMail[]; answerDelayMs?: number } = {},
): Promise<SmtpServerProcess> {
  const received = options.received ?? [];
  const args = [SCRIPT, String(options.port ?? 0), String(options.answerDelayMs ?? 0)];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const waiters = new Set<() => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP server process exited with ${code} before listening`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const event = JSON.parse(line) as { event: string; port?: number; at?: string; to?: string[]; raw?: string };
      if (event.event === 'listening') resolve(event.port ?? 0);
      if (event.event === 'message') {
        received.push(parse(event.raw ?? '', event.at ?? '', event.to ?? []));
        for (const wake of waiters) wake();
      }
    });
  });
  return {
    port,
    pid: child.pid ?? 0,
    received,
    waitForCount(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`waited ${timeoutMs} ms for ${count} messages, got ${received.length}`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
