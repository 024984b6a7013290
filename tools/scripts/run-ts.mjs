// Runs a TypeScript entry point of the workspace with tsx: `node tools/scripts/run-ts.mjs <file.ts> [args]`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node tools/scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
// The workspace's path aliases (`@viewas/*`) live in tsconfig.base.json, which tsx does not find by itself.
const tsconfig = new URL('../../tsconfig.base.json', import.meta.url).pathname;
const child = spawn(process.execPath, [tsx, '--tsconfig', tsconfig, entry, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
