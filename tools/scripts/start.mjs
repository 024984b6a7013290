// `npm start`: build the production app (Nx-cached) and serve it on PORT (default 3000).
// Without DATABASE_URL it runs on the embedded database in DATA_DIR and asks for the demo accounts
// (DEMO_SEED=true: created on an empty database, printed in a banner with their password).
import { fileURLToPath } from 'node:url';
import { launchProductionServer } from '../production-server/production-server.mjs';
import { quietEnv, run } from './run.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = process.env.PORT || '3000';

if (process.env.DATABASE_URL && !process.env.NEXTAUTH_SECRET) {
  console.error(
    'Refusing to start: DATABASE_URL is set but NEXTAUTH_SECRET is not.\nSet NEXTAUTH_SECRET to a long random value (e.g. `openssl rand -base64 32`) shared by every app server.',
  );
  process.exit(1);
}

await run('npx', ['nx', 'run', 'web:build', '--outputStyle=stream'], { cwd: workspaceRoot });

// The production server (apps/web/server.mjs): the client's real address, and a graceful SIGTERM.
const server = await launchProductionServer({
  port: Number(port),
  host: 'localhost',
  stdio: 'inherit',
  env: {
    ...quietEnv,
    DEMO_SEED: process.env.DEMO_SEED || 'true',
    // A production server requires NEXTAUTH_URL: the try-it path serves this machine.
    NEXTAUTH_URL: process.env.NEXTAUTH_URL || `http://localhost:${port}`,
  },
});
server.runInForeground({ forward: 'same', exitCode: (code, signal) => code ?? (signal ? 0 : 1) });
