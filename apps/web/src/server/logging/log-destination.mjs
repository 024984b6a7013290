// Where log lines go: JSON lines for machines (a pipe, a file, a log collector), readable lines for a
// person watching a terminal. Plain JS so the production server (server.mjs, outside the Next.js
// bundles) and the app's logger decide the same way.
import pino from 'pino';
import pretty from 'pino-pretty';

/** What pino-pretty shows: the time, the level, the message, then the other fields on the same line. */
export const READABLE_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,service,component',
  singleLine: true,
};

/**
 * The destination for a pino logger writing to `output` (standard output by default): a pino-pretty
 * stream when `output` is a terminal; otherwise JSON lines, written as pino does by default
 * (synchronously to the file descriptor for standard output, so no line is lost at exit).
 */
export function logDestination(output = process.stdout) {
  if (!output.isTTY) return output === process.stdout ? pino.destination({ fd: 1, sync: true }) : output;
  return pretty({ ...READABLE_OPTIONS, destination: output, sync: true });
}
