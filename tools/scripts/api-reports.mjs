// The public API of every publishable library, entry by entry, as checked-in reports (Microsoft API
// Extractor, from the built .d.ts): `libs/<lib>/api/<entry>.api.md`. A change to what a library exports
// is then a reviewed diff.
//
//   node tools/scripts/api-reports.mjs            checks the reports against the built libraries (npm test)
//   node tools/scripts/api-reports.mjs --update   writes them (`npm run api:report`, after a build)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { reportedNames, undocumentedMembers } from './api-surface.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The libraries whose entries have reports (every publishable one). */
export const REPORTED_LIBS = ['impersonation-core', 'admin-api', 'session-client', 'impersonation-banner', 'theme'];

const REGENERATE = 'npm run api:report (it builds the libraries, then writes libs/*/api/*.api.md; commit them)';

/**
 * The entries a library's package.json exports, named as their built files are: `.` is `index`,
 * `./postgres` is `postgres`, `./better-auth/client` is `better-auth-client`.
 */
export function entriesOf(libDir) {
  const pkg = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target !== 'string')
    .map(([subpath, target]) => ({
      subpath,
      name: basename(target.types, '.d.ts'),
      dts: join(libDir, target.types.replace(/^\.\//, '')),
    }));
}

/** The other workspace libraries' built declarations, as a consumer of the published packages sees them. */
function workspacePaths() {
  const paths = {};
  for (const lib of REPORTED_LIBS) {
    const libDir = join(workspaceRoot, 'libs', lib);
    for (const { subpath, dts } of entriesOf(libDir)) paths[`@viewas/${lib}${subpath.slice(1)}`] = [dts];
  }
  return paths;
}

function configOf(libDir, entry, entries, tempFolder) {
  return ExtractorConfig.prepare({
    configObjectFullPath: join(libDir, 'api-extractor.json'),
    packageJsonFullPath: join(libDir, 'package.json'),
    configObject: {
      projectFolder: libDir,
      mainEntryPointFilePath: entry.dts,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            jsx: 'react-jsx',
            strict: true,
            skipLibCheck: true,
            types: ['node'],
            paths: workspacePaths(),
          },
          files: entries.map(({ dts }) => dts),
        },
      },
      apiReport: { enabled: true, reportFileName: entry.name, reportFolder: join(libDir, 'api'), reportTempFolder: tempFolder },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        // The report holds the signatures only: its findings name the built chunks (`dist/store-<hash>.d.ts`),
        // whose names change with any edit, and an undocumented name is marked `(undocumented)` beside it.
        extractorMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
      newlineKind: 'lf',
    },
  });
}

/** The compiler's work is shared by a library's entries: one program over all of them. */
function extract(config, compilerState, { update }) {
  const problems = [];
  const result = Extractor.invoke(config, {
    localBuild: update,
    compilerState,
    printApiReportDiff: !update,
    messageCallback(message) {
      message.handled = true;
      // What changed, line by line, for the log; a report that differs is then said once, with the command
      // that regenerates it.
      if (message.messageId === 'console-api-report-diff') return console.error(message.text);
      if (/^console-api-report-(changed|copied|created|missing|not-copied)$/.test(message.messageId ?? '')) return;
      if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning) problems.push(message.text);
    },
  });
  return {
    changed: result.apiReportChanged,
    problems,
    report: config.reportConfigs[0] && join(config.reportFolder, config.reportConfigs[0].fileName),
  };
}

export function checkApiReports({ update = false } = {}) {
  const failures = [];
  const counts = [];
  const tempFolder = mkdtempSync(join(tmpdir(), 'api-reports-'));
  try {
    for (const lib of REPORTED_LIBS) {
      const libDir = join(workspaceRoot, 'libs', lib);
      const entries = entriesOf(libDir);
      const missing = entries.filter(({ dts }) => !existsSync(dts));
      if (missing.length) {
        for (const { dts } of missing)
          failures.push(`@viewas/${lib}: ${dts.replace(workspaceRoot, '')} is not built (build the libraries first)`);
        continue;
      }
      if (update) mkdirSync(join(libDir, 'api'), { recursive: true });
      let compilerState;
      for (const entry of entries) {
        const label = `@viewas/${lib}${entry.subpath.slice(1)}`;
        const config = configOf(libDir, entry, entries, tempFolder);
        compilerState ??= CompilerState.create(config, { additionalEntryPoints: entries.map(({ dts }) => dts) });
        const { changed, problems, report } = extract(config, compilerState, { update });
        for (const problem of problems) failures.push(`${label}: ${problem}`);
        if (changed && !update) failures.push(`${label}: its public API differs from ${report.replace(workspaceRoot, '')}`);
        if (!existsSync(report)) continue;
        const reportText = readFileSync(report, 'utf8');
        const { names, undocumented } = reportedNames(reportText);
        counts.push({
          entry: label,
          names: names.length,
          undocumented: undocumented.length,
          undocumentedMembers: undocumentedMembers(reportText).length,
        });
      }
    }
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
  console.table(counts);
  return failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const update = process.argv.includes('--update');
  const failures = checkApiReports({ update });
  if (failures.length) {
    console.error(`\nAPI reports: ${failures.length} problem(s):\n- ${failures.join('\n- ')}`);
    if (!update) console.error(`\nIf the change is intended, regenerate the reports and commit them: ${REGENERATE}`);
    process.exit(1);
  }
  console.log(update ? 'API reports written to libs/*/api/.' : 'API reports: every entry matches its checked-in report.');
}
