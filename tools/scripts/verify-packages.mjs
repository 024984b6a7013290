// `npm run verify:packages`: build every publishable library, then check each the way a consumer
// sees it: publint (package.json/exports correctness), @arethetypeswrong/cli (types resolve for
// ESM consumers) and a size budget on each client entry (own code, min+gzip, dependencies external).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { run } from './run.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Budgets in bytes (docs/performance.md), per built entry. Entries without a budget are reported only. */
export const SIZE_BUDGETS = {
  'impersonation-banner': { index: 4096 },
  theme: { index: 3072 },
  'session-client': { index: 3072, 'next-auth': 3072 },
  'admin-api': { index: 3072, account: 3072 },
};

export async function measureEntry(libDir, entryFile) {
  const pkg = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).flatMap((name) => [name, `${name}/*`]);
  external.push('react/jsx-runtime', '@viewas/*');
  const result = await build({
    entryPoints: [join(libDir, 'dist', entryFile)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    external,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

async function main() {
  await run('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:type:lib', '--outputStyle=stream'], { cwd: workspaceRoot });
  const failures = [];
  const rows = [];
  for (const [lib, budgets] of Object.entries(SIZE_BUDGETS)) {
    const libDir = join(workspaceRoot, 'libs', lib);
    console.log(`\n── @viewas/${lib}`);
    try {
      await run('npx', ['publint', 'run', libDir, '--strict'], { cwd: workspaceRoot });
    } catch (error) {
      failures.push(`${lib}: publint: ${error.message}`);
    }
    try {
      await run('npx', ['attw', '--pack', libDir, '--profile', 'esm-only', '--format', 'table-flipped'], { cwd: workspaceRoot });
    } catch (error) {
      failures.push(`${lib}: arethetypeswrong: ${error.message}`);
    }
    const pkg = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8'));
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      const entryFile = target.default.replace('./dist/', '');
      const entryName = entryFile.replace(/\.js$/, '');
      const { min, gzip } = await measureEntry(libDir, entryFile);
      const budget = budgets[entryName];
      const ok = budget === undefined || gzip <= budget;
      if (!ok) failures.push(`${lib}${subpath === '.' ? '' : subpath.slice(1)}: ${gzip} B min+gzip exceeds the ${budget} B budget`);
      rows.push({
        package: `@viewas/${lib}${subpath === '.' ? '' : subpath.slice(1)}`,
        'min (B)': min,
        'min+gzip (B)': gzip,
        'budget (B)': budget ?? '-',
        ok: ok ? 'yes' : 'NO',
      });
    }
  }
  console.log('\nOwn code per entry (dependencies and peers external):');
  console.table(rows);
  if (failures.length) {
    console.error(`\nverify:packages failed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('verify:packages: all packages pass publint, arethetypeswrong and their size budgets.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
