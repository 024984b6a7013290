import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The Next server runs in apps/web, the tests and the CLI in the workspace root: paths such as the
 * default data directory are anchored at the workspace root (the folder holding nx.json) so every
 * entry point finds the same database.
 */
export function findWorkspaceRoot(start: string): string {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}
