// `node tools/production-server/serve-fresh.mjs`: the production server on PORT with a fresh, throw-away data
// directory, removed when it stops; everything else comes from the environment. The browser tests serve through it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchProductionServer } from './production-server.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'viewas-fresh-'));

const server = await launchProductionServer({
  port: Number(process.env.PORT || '3000'),
  host: 'localhost',
  stdio: 'inherit',
  env: { DATA_DIR: dataDir },
});
server.runInForeground({ onExit: () => rmSync(dataDir, { recursive: true, force: true }) });
