// The consumer: a Vite + React app created outside the workspace, installing @viewas/* from the
// local registry with the exact third-party versions the workspace is tested with.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from './processes.mjs';

const THIRD_PARTY = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'styled-components': '6.6.0',
  '@floating-ui/react': '0.27.20',
  'react-hot-toast': '2.6.1',
};
const BUILD_TOOLS = { vite: '8.3.8', '@vitejs/plugin-react': '5.2.0' };

async function version(libDir) {
  return JSON.parse(await readFile(join(libDir, 'package.json'), 'utf8')).version;
}

/** Copies the app template to `appDir` and installs it; resolves with the install's duration in ms. */
export async function createConsumerApp({ templateDir, appDir, libs, registry }) {
  await cp(templateDir, appDir, { recursive: true });
  const ours = Object.fromEntries(await Promise.all(Object.entries(libs).map(async ([name, dir]) => [name, await version(dir)])));
  const manifest = {
    name: 'viewas-consumer-smoke',
    private: true,
    type: 'module',
    dependencies: { ...ours, ...THIRD_PARTY },
    devDependencies: BUILD_TOOLS,
  };
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const started = Date.now();
  // --prefer-offline: third-party packages come from the npm cache when it has them.
  await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--userconfig', registry.npmrc], {
    cwd: appDir,
    timeoutMs: 240_000,
  });
  return Date.now() - started;
}

export function buildConsumerApp(appDir) {
  return runCommand(process.execPath, [join(appDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: appDir,
    timeoutMs: 120_000,
  });
}

export async function renderOnServer(appDir) {
  const output = await runCommand(process.execPath, ['ssr.mjs'], { cwd: appDir, timeoutMs: 30_000 });
  return JSON.parse(output.trim().split('\n').at(-1));
}
