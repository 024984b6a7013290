import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { logDestination } from './log-destination.mjs';
import { createLogger } from './logger';

/** An output stream that says it is (or is not) a terminal, keeping what is written to it. */
function fakeOutput(isTTY: boolean) {
  const chunks: string[] = [];
  const output = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    }),
    { isTTY },
  );
  return { output, text: () => stripVTControlCharacters(chunks.join('')) };
}

const TIME = '\\d\\d:\\d\\d:\\d\\d\\.\\d{3}';

/** Runs the production server's way of logging in a child process, in a pseudo-terminal or through a pipe. */
function logFromChild(inTerminal: boolean): Promise<string> {
  const module = path.join(__dirname, 'log-destination.mjs');
  const script = `const { default: pino } = await import('pino'); const { logDestination } = await import(${JSON.stringify(module)});
pino({ base: { service: 'viewas-web' } }, logDestination()).info({ port: 3000 }, 'listening');`;
  const node = [process.execPath, '--input-type=module', '-e', script];
  const quoted = node.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const [command, args] = inTerminal ? ['script', ['-qfec', quoted, '/dev/null']] : [node[0], node.slice(1)];
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, args as string[], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stripVTControlCharacters(output)) : reject(new Error(`exit ${code}: ${output}`))));
  });
}

describe('log output', () => {
  it('is one readable line per entry on a terminal: time, level, message, then the fields', () => {
    const { output, text } = fakeOutput(true);
    createLogger('info', { destination: logDestination(output) }).info({ port: 3000, host: 'all interfaces' }, 'listening');
    expect(text()).toMatch(new RegExp(`^\\[${TIME}\\] INFO: listening \\{"port":3000,"host":"all interfaces"\\}\\n$`));
  });

  it('is JSON lines when the output is not a terminal (a pipe, a file, a log collector)', () => {
    const { output, text } = fakeOutput(false);
    createLogger('info', { destination: logDestination(output) }).warn({ status: 503 }, 'database unavailable');
    expect(JSON.parse(text())).toMatchObject({ level: 40, msg: 'database unavailable', status: 503, service: 'viewas-web' });
  });

  it('still hides secrets when it is readable', () => {
    const { output, text } = fakeOutput(true);
    createLogger('info', { destination: logDestination(output) }).warn(
      { password: 'hunter2-secret', request: { headers: { cookie: 'session=abc123' } } },
      'oops',
    );
    expect(text()).toContain('"password":"[redacted]"');
    expect(text()).not.toMatch(/hunter2-secret|abc123/);
  });

  it('is readable from a real process in a pseudo-terminal and JSON from the same process through a pipe', async () => {
    const [inTerminal, piped] = await Promise.all([logFromChild(true), logFromChild(false)]);
    expect(inTerminal.trim()).toMatch(new RegExp(`^\\[${TIME}\\] INFO: listening \\{"port":3000\\}$`));
    expect(JSON.parse(piped)).toMatchObject({ level: 30, msg: 'listening', port: 3000, service: 'viewas-web' });
  });
});
