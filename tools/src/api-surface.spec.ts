import { CORE_MAIN_ENTRY, coreEntryLimits, reportedNames, surfaceProblems, undocumentedMembers } from '../scripts/api-surface.mjs';

/** An API Extractor report, in its own shape, declaring `entries` (`doc: false` marks one `(undocumented)`). */
const report = (entries: { line: string; doc?: boolean }[]) =>
  [
    '## API Report File for "@viewas/example"',
    '',
    '```ts',
    '',
    ...entries.flatMap(({ line, doc = true }) => [doc ? '// @public' : '// @public (undocumented)', line, '']),
    '// (No @packageDocumentation comment for this package)',
    '',
    '```',
  ].join('\n');

const documented = (count: number) => Array.from({ length: count }, (_, index) => ({ line: `export const name${index}: number;` }));

describe('API surface of an entry (tools/scripts/api-surface.mjs)', () => {
  it('reads every kind of declaration once, and marks the ones API Extractor calls undocumented', () => {
    const text = report([
      { line: 'export function createThing(options: ThingOptions): Thing;' },
      { line: 'export interface ThingOptions {', doc: false },
      { line: 'export type Thing = ReturnType<typeof createThing>;' },
      { line: 'export class ThingError extends Error {', doc: false },
      { line: 'export const THING_LIMIT = 3;' },
      { line: 'export function createThing(options: ThingOptions, extra: number): Thing;', doc: false },
    ]);
    expect(reportedNames(text)).toEqual({
      names: ['createThing', 'ThingOptions', 'Thing', 'ThingError', 'THING_LIMIT'],
      undocumented: ['ThingOptions', 'ThingError'],
    });
  });

  it('does not take an undocumented member inside a declaration for an undocumented name', () => {
    const text = report([{ line: 'export interface Thing {\n    // (undocumented)\n    size: number;\n}' }]);
    expect(reportedNames(text)).toEqual({ names: ['Thing'], undocumented: [] });
  });

  it('finds nothing wrong with an entry at its limit whose every name is documented', () => {
    expect(surfaceProblems('@viewas/example', report(documented(80)), { maxNames: 80 })).toEqual([]);
  });

  it('says how many names an entry over its limit exports, and the limit', () => {
    expect(surfaceProblems('@viewas/example', report(documented(81)), { maxNames: 80 })).toEqual([
      '@viewas/example exports 81 names, more than its limit of 80: move some to another entry or drop them',
    ]);
  });

  it('names every undocumented name, and reports both problems together', () => {
    const text = report([
      ...documented(2),
      { line: 'export type Bare = string;', doc: false },
      { line: 'export const bare2: 1;', doc: false },
    ]);
    expect(surfaceProblems('@viewas/example', text, { maxNames: 3 })).toEqual([
      '@viewas/example exports 4 names, more than its limit of 3: move some to another entry or drop them',
      '@viewas/example: 2 exported name(s) without a TSDoc line at their declaration: Bare, bare2',
    ]);
  });

  it('names every member API Extractor calls undocumented as Declaration.member, and none of a nested object type', () => {
    const text = report([
      {
        line: [
          'export interface Row {',
          '    at: Date;',
          '    // (undocumented)',
          '    id: number;',
          '    // (undocumented)',
          '    list(query: {',
          '        userId: string;',
          '    }): Promise<number>;',
          '}',
        ].join('\n'),
      },
      { line: 'export class Failure extends Error {\n    // (undocumented)\n    readonly name = "Failure";\n}' },
      { line: 'export interface Whole {\n    at: Date;\n}' },
    ]);
    expect(undocumentedMembers(text)).toEqual(['Row.id', 'Row.list', 'Failure.name']);
    expect(surfaceProblems('@viewas/example', text, { maxNames: 80 })).toEqual([
      '@viewas/example: 3 member(s) without a TSDoc line at their declaration: Row.id, Row.list, Failure.name',
    ]);
  });

  it('finds nothing wrong with an entry whose every member has its own TSDoc line', () => {
    const text = report([
      { line: 'export interface Row {\n    at: Date;\n    list(query: {\n        userId: string;\n    }): Promise<number>;\n}' },
      { line: 'export class Failure extends Error {\n    readonly name = "Failure";\n}' },
    ]);
    expect(undocumentedMembers(text)).toEqual([]);
    expect(surfaceProblems('@viewas/example', text, { maxNames: 80 })).toEqual([]);
  });

  it("holds the core's main entry to 80 names", () => {
    expect(CORE_MAIN_ENTRY).toEqual({ lib: 'impersonation-core', report: 'index', maxNames: 80 });
    expect(coreEntryLimits('index')).toEqual({ maxNames: 80 });
  });

  it("puts no name limit on the core's other entries, but still fails one with an undocumented name or member", () => {
    const limits = coreEntryLimits('postgres');
    expect(limits).toEqual({ maxNames: Infinity });
    expect(surfaceProblems('@viewas/impersonation-core/postgres', report(documented(200)), limits)).toEqual([]);
    const text = report([
      ...documented(81),
      { line: 'export type Bare = string;', doc: false },
      { line: 'export interface Row {\n    // (undocumented)\n    id: number;\n}' },
    ]);
    expect(surfaceProblems('@viewas/impersonation-core/postgres', text, limits)).toEqual([
      '@viewas/impersonation-core/postgres: 1 exported name(s) without a TSDoc line at their declaration: Bare',
      '@viewas/impersonation-core/postgres: 1 member(s) without a TSDoc line at their declaration: Row.id',
    ]);
  });
});
