// A throwaway local npm registry: verdaccio 6 on 127.0.0.1, storage in the run's temp directory,
// @viewas/* served only from what this run publishes (never from the public registry), every
// other package proxied from registry.npmjs.org.
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { runCommand, startService } from './processes.mjs';

export const PUBLIC_REGISTRY = 'https://registry.npmjs.org/';

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const config = (storage) => `storage: ${JSON.stringify(storage)}
uplinks:
  npmjs:
    url: ${PUBLIC_REGISTRY}
    timeout: 60s
packages:
  '@viewas/*':
    access: $all
    publish: $all
    unpublish: $all
  '**':
    access: $all
    publish: $authenticated
    proxy: npmjs
server:
  keepAliveTimeout: 60
log: { type: stdout, format: pretty, level: warn }
`;

async function waitUntilUp(url, service, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new Error(`verdaccio exited early:\n${service.output()}`);
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`verdaccio did not answer on ${url} within ${timeoutMs / 1000} s:\n${service.output()}`);
}

/** Starts verdaccio; `url` ends with a slash; `npmrc` is a user config pointing npm at it. */
export async function startRegistry({ workspaceRoot, tempDir }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const configFile = join(tempDir, 'verdaccio.yaml');
  await writeFile(configFile, config(join(tempDir, 'storage')));
  // npm insists on a token for publishing; verdaccio lets anyone publish @viewas/* here.
  const npmrc = join(tempDir, 'npmrc');
  await writeFile(
    npmrc,
    `registry=${url}\n//127.0.0.1:${port}/:_authToken=smoke-test-fake-token\nfund=false\naudit=false\nupdate-notifier=false\n`,
  );

  const bin = join(workspaceRoot, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const service = startService(process.execPath, [bin, '--config', configFile, '--listen', `127.0.0.1:${port}`], { cwd: tempDir });
  await waitUntilUp(url, service, 30_000);
  return { url, npmrc, stop: service.stop };
}

/**
 * Publishes the libraries with the release step itself (`npm run release -- publish`, i.e. Nx
 * Release's publish: build, then `npm publish` of each package), so the app installs the very
 * tarballs a real release sends to a registry.
 */
export async function publishPackages(registry, projects, { workspaceRoot }) {
  await runCommand(process.execPath, ['tools/release/release.mjs', 'publish', `--projects=${projects.join(',')}`, '--outputStyle=stream'], {
    cwd: workspaceRoot,
    env: { RELEASE_REGISTRY: registry.url, NPM_CONFIG_USERCONFIG: registry.npmrc },
    timeoutMs: 240_000,
  });
}
