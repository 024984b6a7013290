// Tiny helpers for the root scripts: run a command with inherited output, fail loudly.
import { spawn } from 'node:child_process';

export const quietEnv = {
  NX_NO_CLOUD: 'true',
  NX_DAEMON: process.env.NX_DAEMON ?? 'false',
  NEXT_TELEMETRY_DISABLED: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
};

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...quietEnv, ...options.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}
