// Another commit of this repository, ready to serve: a detached git worktree outside the repository (in the system's
// temporary directory), its own `npm ci` and its own production build, made the way that commit's `npm start` makes
// it. A prepared commit is kept and reused (a commit never changes), so a second comparison skips the install and
// the build; `removeCommitWorktree` (bench:compare --remove) deletes it.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../scripts/run.mjs';

const git = (workspaceRoot, args) => execFileSync('git', args, { cwd: workspaceRoot, encoding: 'utf8' }).trim();

/** The full hash and subject of `rev` (a commit, branch or tag); throws when it names no commit. */
export function describeCommit(workspaceRoot, rev) {
  let hash;
  try {
    hash = git(workspaceRoot, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  } catch {
    throw new Error(`${rev} names no commit of this repository`);
  }
  return { hash, subject: git(workspaceRoot, ['log', '-1', '--format=%s', hash]) };
}

/** HEAD of the workspace, and whether its work tree differs from it (then the comparison measures the changes too). */
export function describeWorkspace(workspaceRoot) {
  const { hash, subject } = describeCommit(workspaceRoot, 'HEAD');
  const changed = git(workspaceRoot, ['status', '--porcelain', '--untracked-files=no']) !== '';
  return { hash, subject, changed };
}

export const commitWorktreeDir = (hash) => join(tmpdir(), `viewas-bench-${hash.slice(0, 12)}`);

/** Written last, so a half-made worktree (an interrupted install or build) is made again. */
const READY_MARKER = '.bench-compare-ready';

/**
 * Makes `hash` ready to serve and returns `{ dir, appDir, reused }`; `appDir` is its apps/web (for
 * `startProductionServer({ appDir })`).
 */
export async function prepareCommitWorktree(workspaceRoot, hash, { log = console.log } = {}) {
  const dir = commitWorktreeDir(hash);
  const appDir = join(dir, 'apps', 'web');
  if (existsSync(join(dir, READY_MARKER))) {
    log(`bench:compare: reusing ${dir} (${hash.slice(0, 12)}, installed and built)`);
    return { dir, appDir, reused: true };
  }
  removeCommitWorktree(workspaceRoot, hash);
  log(`bench:compare: preparing ${hash.slice(0, 12)} in ${dir} (git worktree, npm ci, web build)`);
  git(workspaceRoot, ['worktree', 'add', '--detach', dir, hash]);
  // From the npm cache where it can: the other commit's lockfile differs from this one's in a few packages only.
  await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir });
  // What that commit's `npm start` builds before it serves.
  await run('npx', ['nx', 'run', 'web:build', '--outputStyle=stream'], { cwd: dir });
  writeFileSync(join(dir, READY_MARKER), `${hash}\n`);
  return { dir, appDir, reused: false };
}

/** Deletes the worktree of `hash` (if any) and git's record of it. */
export function removeCommitWorktree(workspaceRoot, hash) {
  const dir = commitWorktreeDir(hash);
  if (existsSync(dir)) {
    try {
      git(workspaceRoot, ['worktree', 'remove', '--force', dir]);
    } catch {
      // Not (or no longer) a registered worktree: the directory alone goes.
    }
    rmSync(dir, { recursive: true, force: true });
  }
  git(workspaceRoot, ['worktree', 'prune']);
}
