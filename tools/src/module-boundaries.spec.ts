import { spawnSync } from 'node:child_process';
import path from 'node:path';

const workspaceRoot = path.join(__dirname, '..', '..');
const eslintBin = path.join(workspaceRoot, 'node_modules', '.bin', 'eslint');

interface EslintResult {
  messages: { ruleId: string | null; message: string }[];
}

/** Lints `code` with the real CLI and config, as if it were the file `file` in the workspace. */
async function lintAs(file: string, code: string) {
  const { stdout, stderr } = spawnSync(eslintBin, ['--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: workspaceRoot,
    input: code,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (!stdout) throw new Error(`eslint printed no result: ${stderr}`);
  const [result] = JSON.parse(stdout) as EslintResult[];
  if (!result) throw new Error(`eslint returned no result for ${file}`);
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const BANNER_FILE = 'libs/impersonation-banner/src/boundary-probe.ts';

describe('module boundaries (docs/architecture.md, the parts)', () => {
  jest.setTimeout(60_000);

  it('fails lint when the banner imports next-auth', async () => {
    const messages = await lintAs(BANNER_FILE, "import { signIn } from 'next-auth/react';\nexport const probe = signIn;\n");
    expect(messages.join('\n')).toMatch(/enforce-module-boundaries.*next-auth/);
  });

  it('fails lint when the banner imports Next.js', async () => {
    const messages = await lintAs(BANNER_FILE, "import { useRouter } from 'next/navigation';\nexport const probe = useRouter;\n");
    expect(messages.join('\n')).toMatch(/enforce-module-boundaries.*next/);
  });

  it('fails lint when the banner imports admin-api runtime code, and allows its types', async () => {
    const runtime = await lintAs(
      BANNER_FILE,
      "import { createAdminApiClient } from '@viewas/admin-api';\nexport const probe = createAdminApiClient;\n",
    );
    expect(runtime.join('\n')).toMatch(/no-restricted-imports/);
    const typesOnly = await lintAs(
      BANNER_FILE,
      "import type { ApiResult } from '@viewas/admin-api';\nexport type Probe = ApiResult<string>;\n",
    );
    expect(typesOnly).toEqual([]);
  });

  it('fails lint when the theme imports another workspace library', async () => {
    const messages = await lintAs(
      'libs/theme/src/boundary-probe.ts',
      "import type { SessionUser } from '@viewas/session-client';\nexport type Probe = SessionUser;\n",
    );
    expect(messages.join('\n')).toMatch(/enforce-module-boundaries/);
  });

  it('fails lint when a library imports the app', async () => {
    const messages = await lintAs(
      'libs/admin-api/src/boundary-probe.ts',
      "import config from '../../../apps/web/next.config.mjs';\nexport const probe = config;\n",
    );
    expect(messages.join('\n')).toMatch(/enforce-module-boundaries/);
  });

  it('fails lint when a library reads process.env', async () => {
    const messages = await lintAs('libs/theme/src/boundary-probe.ts', 'export const probe = process.env.NEXT_PUBLIC_BRAND_200;\n');
    expect(messages.join('\n')).toMatch(/no-restricted-properties.*process\.env/s);
  });

  it('fails lint when code that ships imports test support, and allows it in a test', async () => {
    const fromApp = await lintAs(
      'apps/web/src/server/app/boundary-probe.ts',
      "import { startTestApp } from '../../../testing/server/test-app';\nexport const probe = startTestApp;\n",
    );
    expect(fromApp.join('\n')).toMatch(/no-restricted-imports.*Test support is for tests/);
    const fixtures = await lintAs(
      'apps/web/src/ui/boundary-probe.ts',
      "import { fakeSession } from '@viewas/session-client/testing';\nexport const probe = fakeSession;\n",
    );
    expect(fixtures.join('\n')).toMatch(/no-restricted-imports.*Test support is for tests/);
    const fromLibrary = await lintAs(
      'libs/impersonation-core/src/lib/boundary-probe.ts',
      "import { describeStoreContract } from '../../testing/store-contract';\nexport const probe = describeStoreContract;\n",
    );
    expect(fromLibrary.join('\n')).toMatch(/no-restricted-imports.*Test support is for tests/);
    const inATest = await lintAs(
      'apps/web/src/server/app/boundary-probe.spec.ts',
      "import { startTestApp } from '../../../testing/server/test-app';\nexport const probe = startTestApp;\n",
    );
    expect(inATest.join('\n')).not.toMatch(/no-restricted-imports/);
  });

  it("lets the browser tests and the app's tests launch the production server by the launcher's name only, never code that ships", async () => {
    const launch = "import { launchProductionServer } from '@viewas/production-server';\nexport const probe = launchProductionServer;\n";
    expect(await lintAs('apps/web-e2e/src/boundary-probe.spec.ts', launch)).toEqual([]);
    expect(await lintAs('apps/web/testing/server/boundary-probe.ts', launch)).toEqual([]);
    const byPath = await lintAs(
      'apps/web-e2e/src/boundary-probe.spec.ts',
      "import { launchProductionServer } from '../../../tools/production-server/production-server.mjs';\nexport const probe = launchProductionServer;\n",
    );
    expect(byPath.join('\n')).toMatch(/enforce-module-boundaries.*relative or absolute path/);
    const fromShippingCode = await lintAs('apps/web/src/server/runtime/boundary-probe.ts', launch);
    expect(fromShippingCode.join('\n')).toMatch(/no-restricted-imports/);
  });
});
