// A real SMTP server in a process of its own, for the outbox tests: it accepts every message and
// prints one JSON line per event on standard output. Usage: node smtp-server-process.mjs [port] [answerDelayMs]
// With a delay, a slow mail server: each message is printed when its data has arrived, and accepted
// (`250`) only that long after.
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2] ?? 0);
const answerDelayMs = Number(process.argv[3] ?? 0);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      process.stdout.write(
        `${JSON.stringify({ event: 'message', at: new Date().toISOString(), to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw })}\n`,
      );
      setTimeout(callback, answerDelayMs);
    });
  },
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ event: 'listening', port: server.server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
