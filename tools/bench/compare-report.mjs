// The parts of `npm run bench:compare` that are plain logic: its command line, and the table of new/old ratios.

export const COMPARE_USAGE = `Usage: npm run bench:compare -- <old> [<new>] [options]

Measures <new> (this work tree when omitted) against commit <old> in one run: both production servers side by
side, each on its own fresh embedded database, in interleaved rounds. A commit is prepared once in a git
worktree in the temporary directory (npm ci, web build) and reused by later runs.

  --rounds <n>     interleaved throughput rounds, the median kept (BENCH_ROUNDS, 3)
  --duration <s>   seconds per throughput measurement (BENCH_DURATION, 5)
  --cycles <n>     start + return cycles per commit, in alternating blocks of 10 (BENCH_CYCLES, 60)
  --skip-build     serve this work tree's current build (BENCH_SKIP_BUILD=1)
  --remove         delete the commits' worktrees afterwards
  --help           this text`;

const NUMBER_OPTIONS = { '--rounds': 'rounds', '--duration': 'durationS', '--cycles': 'cycles' };

function positiveInteger(name, text) {
  if (!/^[1-9]\d*$/.test(text ?? ''))
    throw new Error(`${name} must be a positive whole number, not ${text === undefined ? 'nothing' : `'${text}'`}`);
  return Number(text);
}

/**
 * `argv` (after the script) and the environment's BENCH_* defaults -> the options (`newRev` undefined: this work
 * tree); throws with the reason on a missing or third revision, an unknown option, or a count that is not a
 * positive whole number.
 */
export function parseCompareArguments(argv, env = {}) {
  const options = {
    oldRev: undefined,
    newRev: undefined,
    rounds: positiveInteger('BENCH_ROUNDS', env.BENCH_ROUNDS ?? '3'),
    durationS: positiveInteger('BENCH_DURATION', env.BENCH_DURATION ?? '5'),
    cycles: positiveInteger('BENCH_CYCLES', env.BENCH_CYCLES ?? '60'),
    skipBuild: env.BENCH_SKIP_BUILD === '1',
    remove: false,
    help: false,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const [flag, inline] = argument.startsWith('--') ? argument.split(/=(.*)/s, 2) : [argument];
    if (flag in NUMBER_OPTIONS) {
      const value = inline ?? argv[++index];
      options[NUMBER_OPTIONS[flag]] = positiveInteger(flag, value);
    } else if (flag === '--skip-build' && inline === undefined) options.skipBuild = true;
    else if (flag === '--remove' && inline === undefined) options.remove = true;
    else if ((flag === '--help' || flag === '-h') && inline === undefined) options.help = true;
    else if (argument.startsWith('-')) throw new Error(`unknown option ${argument}`);
    else if (options.oldRev === undefined) options.oldRev = argument;
    else if (options.newRev === undefined) options.newRev = argument;
    else throw new Error(`two revisions at most (old, then new), not ${options.oldRev}, ${options.newRev} and ${argument}`);
  }
  if (options.oldRev === undefined && !options.help)
    throw new Error('name the commit to compare with, e.g. npm run bench:compare -- main~5');
  return options;
}

/** Ratios within this band of 1.00 are reported as the same: a margin for noise on a shared machine (the ratio is printed too). */
export const SAME_WITHIN = 0.05;

/**
 * One row per measure: `{ measure, unit, better: 'higher' | 'lower', digits, newValue, oldValue }` -> the printed
 * row with the new/old ratio and what it means for the new commit.
 */
export function comparisonRow({ measure, unit, better, digits = 0, newValue, oldValue }) {
  const ratio = newValue / oldValue;
  const gain = better === 'higher' ? ratio : 1 / ratio;
  const comparable = Number.isFinite(ratio) && ratio > 0;
  const verdict = !comparable ? 'not comparable' : gain > 1 + SAME_WITHIN ? 'better' : gain < 1 - SAME_WITHIN ? 'worse' : 'same';
  const format = (value) => `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
  return {
    measure,
    new: format(newValue),
    old: format(oldValue),
    ratio: comparable ? `${ratio.toFixed(2)}x` : '-',
    verdict,
    better,
  };
}

/** The rows as a Markdown table (what docs/performance.md quotes), right-aligned numbers. */
export function comparisonTable(rows) {
  const header = ['measure', 'new', 'old', 'new/old', 'new is'];
  const cells = rows.map((row) => [row.measure, row.new, row.old, row.ratio, `${row.verdict} (${row.better} is better)`]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const numeric = [false, true, true, true, false];
  const line = (values) =>
    `| ${values.map((value, column) => (numeric[column] ? value.padStart(widths[column]) : value.padEnd(widths[column]))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}
