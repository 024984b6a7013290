import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const workspaceRoot = path.join(__dirname, '..', '..');

interface LocalRegistry {
  url: string;
  npmrc: string;
  stop: () => void;
}
// The consumer smoke test's verdaccio, loaded at run time: a static import would tell Nx that these
// tools depend on the smoke test, which depends on the libraries, whose builds use these tools.
const startRegistry = async (options: { workspaceRoot: string; tempDir: string }): Promise<LocalRegistry> => {
  const registryModule = path.join(workspaceRoot, 'tools', 'consumer-smoke', 'lib', 'registry.mjs');
  const { startRegistry: start } = (await import(registryModule)) as { startRegistry: (opts: typeof options) => Promise<LocalRegistry> };
  return start(options);
};
const LIBS = ['theme', 'impersonation-banner', 'admin-api', 'session-client'];
const FILES_FROM_WORKSPACE = [
  'nx.json',
  'package.json',
  'tools/release/release.mjs',
  'tools/scripts/run.mjs',
  ...LIBS.map((lib) => `libs/${lib}/package.json`),
];

/**
 * A git repository with this workspace's release configuration and the real manifests of four of
 * its libraries, each with a build that writes dist/index.js (so a publish without a build shows).
 */
function scratchWorkspace() {
  const dir = mkdtempSync(path.join(tmpdir(), 'viewas-release-'));
  for (const file of FILES_FROM_WORKSPACE) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(workspaceRoot, file), path.join(dir, file));
  }
  for (const lib of LIBS) {
    const build = `node -e "require('fs').mkdirSync('dist',{recursive:true});require('fs').writeFileSync('dist/index.js','export const built = 1;\\n')"`;
    const project = {
      name: lib,
      projectType: 'library',
      tags: ['type:lib'],
      targets: { build: { executor: 'nx:run-commands', options: { command: build, cwd: `libs/${lib}` } } },
    };
    writeFileSync(path.join(dir, 'libs', lib, 'project.json'), JSON.stringify(project, null, 2));
  }
  writeFileSync(path.join(dir, '.gitignore'), 'node_modules\n.nx\ndist\n');
  symlinkSync(path.join(workspaceRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'release-test@example.com');
  git('config', 'user.name', 'Release Test');
  git('add', '-A');
  git('commit', '-qm', 'chore: the workspace');
  const commit = (file: string, message: string) => {
    writeFileSync(path.join(dir, file), `${message}\n`);
    git('add', '-A');
    git('commit', '-qm', message);
  };
  const env = {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_CACHE_DIRECTORY: path.join(dir, '.nx', 'cache'),
    NX_WORKSPACE_DATA_DIRECTORY: path.join(dir, '.nx', 'workspace-data'),
  };
  const release = (args: string[], extraEnv: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, ['tools/release/release.mjs', ...args], {
      cwd: dir,
      env: { ...env, ...extraEnv },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: result.status, stdout: stripVTControlCharacters(result.stdout), stderr: stripVTControlCharacters(result.stderr) };
  };
  const readJson = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  return { dir, git, commit, release, readJson, read, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

type Scratch = ReturnType<typeof scratchWorkspace>;

/** A feature in the theme, a fix in the admin API, a README change and nothing in the session client. */
function conventionalHistory(scratch: Scratch) {
  scratch.commit('libs/theme/brand.ts', 'feat(theme): brand colours from two values');
  scratch.commit('libs/admin-api/reason.ts', 'fix(admin-api): reject a reason of spaces only');
  scratch.commit('README.md', 'docs: how to start');
}

const versions = (scratch: Scratch) => Object.fromEntries(LIBS.map((lib) => [lib, scratch.readJson(`libs/${lib}/package.json`).version]));

describe('npm run release (Nx Release, conventional commits, independent versions)', () => {
  jest.setTimeout(180_000);

  it('refuses to publish without RELEASE_REGISTRY and changes nothing', () => {
    const scratch = scratchWorkspace();
    try {
      conventionalHistory(scratch);
      const environment = { RELEASE_REGISTRY: '' };
      const result = scratch.release(['--yes'], environment);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('RELEASE_REGISTRY is not set');
      expect(scratch.git('tag')).toBe('');
      expect(scratch.git('status', '--porcelain')).toBe('');
    } finally {
      scratch.cleanUp();
    }
  });

  it('previews with --dry-run the versions and changelog entries, writing no file, commit or tag', () => {
    const scratch = scratchWorkspace();
    try {
      conventionalHistory(scratch);
      const head = scratch.git('rev-parse', 'HEAD');
      const result = scratch.release(['--dry-run'], { RELEASE_REGISTRY: '' });
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/theme.*New version 0\.1\.1 written/);
      expect(result.stdout).toMatch(/admin-api.*New version 0\.1\.1 written/);
      expect(result.stdout).toContain('- **theme:** brand colours from two values');
      expect(result.stdout).toContain('- **admin-api:** reject a reason of spaces only');
      expect(result.stdout).toMatch(/session-client .*No changes were detected/);
      expect(versions(scratch)).toEqual({
        theme: '0.1.0',
        'impersonation-banner': '0.1.0',
        'admin-api': '0.1.0',
        'session-client': '0.1.0',
      });
      expect(scratch.git('rev-parse', 'HEAD')).toBe(head);
      expect(scratch.git('tag')).toBe('');
      expect(existsSync(path.join(scratch.dir, 'libs/theme/CHANGELOG.md'))).toBe(false);
    } finally {
      scratch.cleanUp();
    }
  });

  it('moves a dependent library to a dependency released with a breaking change, and releases it too', () => {
    const scratch = scratchWorkspace();
    try {
      scratch.commit('libs/theme/script.ts', 'feat(theme)!: the colour-mode script only from ./server');
      const result = scratch.release(['--dry-run'], { RELEASE_REGISTRY: '' });
      expect(result.stderr).not.toContain('outside the current range');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/theme.*New version 0\.2\.0 written/);
      expect(result.stdout).toMatch(/impersonation-banner.*New version 0\.1\.1 written/);
      expect(result.stdout).toMatch(/impersonation-banner.*Updated 1 dependency in manifest: libs\/impersonation-banner\/package\.json/);
      expect(result.stdout).toMatch(/"@viewas\/theme": "\^0\.2\.0"/);
    } finally {
      scratch.cleanUp();
    }
  });

  it('versions each library on its own, writes its CHANGELOG.md, commits, tags, builds and publishes to RELEASE_REGISTRY', async () => {
    const scratch = scratchWorkspace();
    const registryDir = mkdtempSync(path.join(tmpdir(), 'viewas-release-registry-'));
    const registry = await startRegistry({ workspaceRoot, tempDir: registryDir });
    try {
      conventionalHistory(scratch);
      const result = scratch.release(['--yes'], { RELEASE_REGISTRY: registry.url, NPM_CONFIG_USERCONFIG: registry.npmrc });
      expect({ status: result.status, output: result.status === 0 ? '' : `${result.stdout}\n${result.stderr}` }).toEqual({
        status: 0,
        output: '',
      });

      // A fix is a patch and so is a feature before 1.0 (Nx keeps ^0.1.x ranges safe); the banner follows its theme.
      expect(versions(scratch)).toEqual({
        theme: '0.1.1',
        'impersonation-banner': '0.1.1',
        'admin-api': '0.1.1',
        'session-client': '0.1.0',
      });
      expect(scratch.read('libs/theme/CHANGELOG.md')).toMatch(
        /^## 0\.1\.1 \(\d{4}-\d\d-\d\d\)\n\n### 🚀 Features\n\n- \*\*theme:\*\* brand colours from two values/,
      );
      expect(scratch.read('libs/admin-api/CHANGELOG.md')).toMatch(/### 🩹 Fixes\n\n- \*\*admin-api:\*\* reject a reason of spaces only/);
      expect(scratch.read('libs/impersonation-banner/CHANGELOG.md')).toContain('- Updated theme to 0.1.1');
      expect(existsSync(path.join(scratch.dir, 'libs/session-client/CHANGELOG.md'))).toBe(false);
      expect(scratch.read('libs/theme/CHANGELOG.md')).not.toContain('how to start');

      expect(scratch.git('tag', '--points-at', 'HEAD').split('\n').sort()).toEqual([
        'admin-api@0.1.1',
        'impersonation-banner@0.1.1',
        'theme@0.1.1',
      ]);
      expect(scratch.git('log', '-1', '--format=%s')).toBe('chore(release): publish');
      expect(scratch.git('status', '--porcelain')).toBe('');

      for (const name of ['theme', 'impersonation-banner', 'admin-api']) {
        const packument = (await (await fetch(`${registry.url}@viewas%2f${name}`)).json()) as {
          versions: Record<string, { dist: { tarball: string } }>;
        };
        expect(Object.keys(packument.versions)).toEqual(['0.1.1']);
        const published = packument.versions['0.1.1'];
        if (!published) throw new Error(`@viewas/${name}@0.1.1 is not in the registry`);
        const tarball = Buffer.from(await (await fetch(published.dist.tarball)).arrayBuffer());
        const listing = execFileSync('tar', ['-tz'], { input: tarball, encoding: 'utf8' });
        expect(listing).toContain('package/dist/index.js');
      }
      expect((await fetch(`${registry.url}@viewas%2fsession-client`)).status).toBe(404);
    } finally {
      registry.stop();
      scratch.cleanUp();
      rmSync(registryDir, { recursive: true, force: true });
    }
  });
});
