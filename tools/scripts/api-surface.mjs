// What an API report says about an entry's surface: the names it declares, those (and the members) without a
// TSDoc comment, and whether an entry stays within its limits. Pure text in, findings out (api-reports.mjs and
// verify-packages.mjs read the files; tools/src/api-surface.spec.ts tests this).

/** The core's main entry: what a host needs, and no more than a reader takes in at once. */
export const CORE_MAIN_ENTRY = { lib: 'impersonation-core', report: 'index', maxNames: 80 };

/**
 * The limits an entry of the core is held to, by its report's name: every entry documents each name and each
 * member; only the main entry has a limit on how many names it exports.
 */
export function coreEntryLimits(report) {
  return { maxNames: report === CORE_MAIN_ENTRY.report ? CORE_MAIN_ENTRY.maxNames : Infinity };
}

const DECLARATION = /^(?:export )?(?:declare )?(?:abstract )?(?:const|let|function|class|interface|type|enum|namespace) ([A-Za-z_$][\w$]*)/;

/** The names an entry's report declares, and those among them with no TSDoc comment. */
export function reportedNames(reportText) {
  const names = [];
  const undocumented = [];
  const lines = reportText.split('\n');
  lines.forEach((line, index) => {
    const match = DECLARATION.exec(line);
    if (!match || names.includes(match[1])) return;
    names.push(match[1]);
    if (/\(undocumented\)/.test(lines[index - 1] ?? '')) undocumented.push(match[1]);
  });
  return { names, undocumented };
}

/**
 * The members (of an interface, class, enum or object type) the report marks `// (undocumented)`, each as
 * `Declaration.member`. API Extractor marks only a declaration's own members, one level in (four spaces):
 * the fields of an inline object type are part of their member's comment.
 */
export function undocumentedMembers(reportText) {
  const members = [];
  let declaration = null;
  const lines = reportText.split('\n');
  lines.forEach((line, index) => {
    const match = DECLARATION.exec(line);
    if (match) declaration = match[1];
    else if (/^\S/.test(line)) declaration = null;
    if (!declaration || !/^ {4}\/\/ \(undocumented\)$/.test(line)) return;
    const member = /^ {4}(?:(?:readonly|static|protected|abstract|override|get|set) )*(\[[^\]]+\]|[\w$]+|"[^"]*"|'[^']*')/.exec(
      lines[index + 1] ?? '',
    );
    members.push(`${declaration}.${member ? member[1] : '?'}`);
  });
  return members;
}

/**
 * What is wrong with an entry's surface, one sentence a problem (none: an empty list): more names than
 * `maxNames`, any name declared without a TSDoc line, and any member of one without its own, each named
 * so the fix is plain.
 */
export function surfaceProblems(label, reportText, { maxNames }) {
  const { names, undocumented } = reportedNames(reportText);
  const members = undocumentedMembers(reportText);
  const problems = [];
  if (names.length > maxNames)
    problems.push(`${label} exports ${names.length} names, more than its limit of ${maxNames}: move some to another entry or drop them`);
  if (undocumented.length)
    problems.push(
      `${label}: ${undocumented.length} exported name(s) without a TSDoc line at their declaration: ${undocumented.join(', ')}`,
    );
  if (members.length)
    problems.push(`${label}: ${members.length} member(s) without a TSDoc line at their declaration: ${members.join(', ')}`);
  return problems;
}
