// Child processes for the smoke test: every one is tracked, bounded by a timeout, and killed
// (with its process group) on the way out, so nothing outlives the run.
import { spawn } from 'node:child_process';

const running = new Set();

function killGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/** Kills every process this run started and is still running. */
export function killAll() {
  for (const child of running) killGroup(child);
  running.clear();
}

function start(command, args, { cwd, env }) {
  // detached: the child leads its own process group, so its own children die with it.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Runs a command to completion. Resolves with its output; rejects with the output's tail when it
 * fails or runs longer than `timeoutMs`.
 */
export function runCommand(command, args, { cwd, env = {}, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = start(command, args, { cwd, env });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      killGroup(child);
      reject(new Error(`${command} ${args.join(' ')} took longer than ${timeoutMs / 1000} s\n${tail(output)}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})\n${tail(output)}`));
    });
  });
}

/** Starts a long-running process; `stop()` ends it. Its output is kept for error messages. */
export function startService(command, args, { cwd, env = {} }) {
  const child = start(command, args, { cwd, env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return {
    child,
    output: () => tail(output),
    stop: () => killGroup(child),
  };
}

function tail(text, lines = 40) {
  return text.trim().split('\n').slice(-lines).join('\n');
}
