// What an API report says about an entry's surface: the names it declares, those without a TSDoc comment,
// and whether an entry stays within its limits. Pure text in, findings out (api-reports.mjs and
// verify-packages.mjs read the files; tools/src/api-surface.spec.ts tests this).

/** The core's main entry: what a host needs, and no more than a reader takes in at once. */
export const CORE_MAIN_ENTRY = { lib: 'impersonation-core', report: 'index', maxNames: 80 };

/** The names an entry's report declares, and those among them with no TSDoc comment. */
export function reportedNames(reportText) {
  const names = [];
  const undocumented = [];
  const lines = reportText.split('\n');
  lines.forEach((line, index) => {
    const match =
      /^(?:export )?(?:declare )?(?:abstract )?(?:const|let|function|class|interface|type|enum|namespace) ([A-Za-z_$][\w$]*)/.exec(line);
    if (!match || names.includes(match[1])) return;
    names.push(match[1]);
    if (/\(undocumented\)/.test(lines[index - 1] ?? '')) undocumented.push(match[1]);
  });
  return { names, undocumented };
}

/**
 * What is wrong with an entry's surface, one sentence a problem (none: an empty list): more names than
 * `maxNames`, and any name declared without a TSDoc line, each named so the fix is plain.
 */
export function surfaceProblems(label, reportText, { maxNames }) {
  const { names, undocumented } = reportedNames(reportText);
  const problems = [];
  if (names.length > maxNames)
    problems.push(`${label} exports ${names.length} names, more than its limit of ${maxNames}: move some to another entry or drop them`);
  if (undocumented.length)
    problems.push(
      `${label}: ${undocumented.length} exported name(s) without a TSDoc line at their declaration: ${undocumented.join(', ')}`,
    );
  return problems;
}
