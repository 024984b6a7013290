// `npm run dev`: the Next dev server on the embedded database.
import { fileURLToPath } from 'node:url';
import { run } from './run.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
await run('npx', ['nx', 'run', 'web:dev', '--outputStyle=stream'], { cwd: workspaceRoot });
