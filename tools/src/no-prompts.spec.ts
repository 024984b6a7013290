import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const workspaceRoot = path.join(__dirname, '..', '..');
const nxBin = path.join(workspaceRoot, 'node_modules', '.bin', 'nx');
const NX_PROMPT = 'Share usage data with the Nx team?';
// The pseudo-terminal has no width, so the prompt library may draw the question a character a line:
// compare the text without colours or white space.
const comparable = (text: string) => stripVTControlCharacters(text).replace(/\s+/g, '');
// Nx skips its question when any of these says "CI"; a newcomer's terminal has none of them.
const CI_VARIABLES = [
  'CI',
  'TF_BUILD',
  'GITHUB_ACTIONS',
  'BUILDKITE',
  'CIRCLECI',
  'CIRRUS_CI',
  'TRAVIS',
  'GITLAB_CI',
  'BUILD_ID',
  'BUILD_NUMBER',
  'JENKINS_URL',
];

interface TerminalRun {
  output: string;
  prompted: boolean;
  exitCode: number | null;
}

/**
 * Runs `command` in a pseudo-terminal (util-linux `script`), as in a developer's shell: stdin and
 * stdout are TTYs, so any interactive question is asked. Stops at the first sight of Nx's question.
 */
function runInTerminal(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<TerminalRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let prompted = false;
    const stop = () => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`"${command}" did not finish in a pseudo-terminal within 90 s:\n${output}`));
    }, 90_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!prompted && comparable(output).includes(comparable(NX_PROMPT))) {
        prompted = true;
        stop();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ output, prompted, exitCode });
    });
  });
}

/** A workspace with no Nx state yet (no cache, no workspace data) holding the given nx.json. */
function freshWorkspace(nxJson: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'viewas-no-prompt-'));
  writeFileSync(path.join(dir, 'nx.json'), nxJson);
  copyFileSync(path.join(workspaceRoot, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.join(workspaceRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_CACHE_DIRECTORY: path.join(dir, '.nx', 'cache'),
    NX_WORKSPACE_DATA_DIRECTORY: path.join(dir, '.nx', 'workspace-data'),
  };
  for (const name of CI_VARIABLES) delete env[name];
  return { dir, env, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

const workspaceNxJson = readFileSync(path.join(workspaceRoot, 'nx.json'), 'utf8');

describe('the README commands in a terminal', () => {
  jest.setTimeout(120_000);

  it('run Nx with no usage-data question: nx.json answers it for the workspace', async () => {
    const workspace = freshWorkspace(workspaceNxJson);
    try {
      const run = await runInTerminal(`node ${nxBin} show projects --json`, workspace.dir, workspace.env);
      expect(run.prompted).toBe(false);
      expect(comparable(run.output)).not.toContain(comparable(NX_PROMPT));
      expect({ exitCode: run.exitCode, output: run.output }).toEqual({ exitCode: 0, output: expect.stringContaining('[') });
      expect(JSON.parse(readFileSync(path.join(workspace.dir, 'nx.json'), 'utf8'))).toMatchObject({ analytics: false });
    } finally {
      workspace.cleanUp();
    }
  });

  it('would stop at the question without the setting (the terminal run above is a real one)', async () => {
    const withoutSetting = JSON.parse(workspaceNxJson) as Record<string, unknown>;
    delete withoutSetting['analytics'];
    const workspace = freshWorkspace(JSON.stringify(withoutSetting, null, 2));
    try {
      const run = await runInTerminal(`node ${nxBin} show projects --json`, workspace.dir, workspace.env);
      expect(run.prompted).toBe(true);
    } finally {
      workspace.cleanUp();
    }
  });
});
