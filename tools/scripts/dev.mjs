// `npm run dev`: the Next dev server on the embedded database.
import { fileURLToPath } from 'node:url';
import { run } from './run.mjs';

// The try-it path: an empty embedded database gets the demo accounts (a deployment never does).
process.env.DEMO_SEED ||= 'true';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
await run('npx', ['nx', 'run', 'web:dev', '--outputStyle=stream'], { cwd: workspaceRoot });
