import { comparisonRow, comparisonTable, parseCompareArguments, SAME_WITHIN } from '../bench/compare-report.mjs';

describe('bench:compare arguments', () => {
  it('compares the work tree with the revision, with the BENCH_* defaults of npm run bench, when no option is given', () => {
    expect(parseCompareArguments(['754d69f^'], {})).toEqual({
      oldRev: '754d69f^',
      newRev: undefined,
      rounds: 3,
      durationS: 5,
      cycles: 60,
      skipBuild: false,
      remove: false,
      help: false,
    });
  });

  it('reads the environment, and lets options (spaced or with =) override it', () => {
    const env = { BENCH_ROUNDS: '5', BENCH_DURATION: '10', BENCH_CYCLES: '100', BENCH_SKIP_BUILD: '1' };
    expect(parseCompareArguments(['--rounds', '2', 'main~3', '--duration=4', '--remove'], env)).toEqual({
      oldRev: 'main~3',
      newRev: undefined,
      rounds: 2,
      durationS: 4,
      cycles: 100,
      skipBuild: true,
      remove: true,
      help: false,
    });
  });

  it('refuses to run without a revision, unless asked for help', () => {
    expect(() => parseCompareArguments([], {})).toThrow('name the commit to compare with');
    expect(parseCompareArguments(['--help'], {}).help).toBe(true);
  });

  it('takes a second revision as the new side, and refuses a third', () => {
    expect(parseCompareArguments(['main~2', '--cycles', '20', 'main~1'], {})).toMatchObject({
      oldRev: 'main~2',
      newRev: 'main~1',
      cycles: 20,
    });
    expect(() => parseCompareArguments(['main~3', 'main~2', 'main~1'], {})).toThrow(
      'two revisions at most (old, then new), not main~3, main~2 and main~1',
    );
  });

  it('refuses an unknown option, and a flag given a value', () => {
    expect(() => parseCompareArguments(['main', '--round', '3'], {})).toThrow('unknown option --round');
    expect(() => parseCompareArguments(['main', '--remove=yes'], {})).toThrow('unknown option --remove=yes');
  });

  it.each([
    [['main', '--rounds', '0'], "--rounds must be a positive whole number, not '0'"],
    [['main', '--cycles', '2.5'], "--cycles must be a positive whole number, not '2.5'"],
    [['main', '--duration='], "--duration must be a positive whole number, not ''"],
    [['main', '--duration'], '--duration must be a positive whole number, not nothing'],
  ])('refuses a count that is not a positive whole number: %j', (argv, message) => {
    expect(() => parseCompareArguments(argv, {})).toThrow(message);
  });

  it('refuses a malformed BENCH_* default by its name', () => {
    expect(() => parseCompareArguments(['main'], { BENCH_ROUNDS: 'three' })).toThrow(
      "BENCH_ROUNDS must be a positive whole number, not 'three'",
    );
  });
});

describe('bench:compare ratio table', () => {
  it('reports more requests per second as better, and fewer as worse', () => {
    expect(comparisonRow({ measure: 'reads', unit: 'req/s', better: 'higher', newValue: 2400, oldValue: 1200 })).toMatchObject({
      new: '2,400 req/s',
      old: '1,200 req/s',
      ratio: '2.00x',
      verdict: 'better',
    });
    expect(comparisonRow({ measure: 'reads', unit: 'req/s', better: 'higher', newValue: 900, oldValue: 1000 })).toMatchObject({
      ratio: '0.90x',
      verdict: 'worse',
    });
  });

  it('reports a longer time as worse and a shorter one as better, with the digits asked for', () => {
    expect(comparisonRow({ measure: 'cycle', unit: 'ms', better: 'lower', digits: 1, newValue: 30.26, oldValue: 25 })).toMatchObject({
      new: '30.3 ms',
      old: '25.0 ms',
      ratio: '1.21x',
      verdict: 'worse',
    });
    expect(comparisonRow({ measure: 'cycle', unit: 'ms', better: 'lower', newValue: 20, oldValue: 25 }).verdict).toBe('better');
  });

  it(`calls a difference within ${SAME_WITHIN * 100}% either way the same`, () => {
    const row = (newValue: number) => comparisonRow({ measure: 'm', unit: 'us', better: 'lower', newValue, oldValue: 100 }).verdict;
    expect([row(96), row(104), row(94), row(106)]).toEqual(['same', 'same', 'better', 'worse']);
  });

  it('says a ratio with nothing measured on the old side is not comparable', () => {
    expect(comparisonRow({ measure: 'm', unit: 'MB', better: 'lower', newValue: 300, oldValue: 0 })).toMatchObject({
      ratio: '-',
      verdict: 'not comparable',
    });
  });

  it('prints one Markdown row per measure, numbers right-aligned, with the direction that is better', () => {
    const table = comparisonTable([
      comparisonRow({ measure: 'GET /api/auth/session: throughput', unit: 'req/s', better: 'higher', newValue: 2400, oldValue: 1200 }),
      comparisonRow({ measure: 'cycle p50', unit: 'ms', better: 'lower', digits: 1, newValue: 24, oldValue: 25 }),
    ]);
    expect(table.split('\n')).toEqual([
      '| measure                           |         new |         old | new/old | new is                    |',
      '| --------------------------------- | ----------: | ----------: | ------: | ------------------------- |',
      '| GET /api/auth/session: throughput | 2,400 req/s | 1,200 req/s |   2.00x | better (higher is better) |',
      '| cycle p50                         |     24.0 ms |     25.0 ms |   0.96x | same (lower is better)    |',
    ]);
  });
});
