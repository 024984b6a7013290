import { csvCell, csvLine, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes every cell, plain and empty ones too, and doubles inner quotes', () => {
    expect(csvCell('ada@example.com')).toBe('"ada@example.com"');
    expect(csvCell('')).toBe('""');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  // The quoting table of docs/ledger.md.
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['\n=1', `"'\n=1"`],
    ['\uFF1D1+1', `"'\uFF1D1+1"`],
    ['\uFF0B1', `"'\uFF0B1"`],
    ['\uFF0D1', `"'\uFF0D1"`],
    ['\uFF20SUM(A1)', `"'\uFF20SUM(A1)"`],
    ['note;=cmd|"/c calc"!A0', `"note;'=cmd|""/c calc""!A0"`],
    ['a,=1+1', `"a,'=1+1"`],
    ['a\t=1', `"a\t'=1"`],
    ['a|@SUM(A1)', `"a|'@SUM(A1)"`],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', '"Mozilla/5.0 (Windows NT 10.0; Win64; x64)"'],
    ['a-b=c', '"a-b=c"'],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('csv lines', () => {
  it('join quoted cells with commas and end each record with CRLF', () => {
    expect(csvLine(['When', 'Reason'])).toBe('"When","Reason"\r\n');
    expect(
      toCsv([
        ['When', 'Reason'],
        ['2030-01-01T10:00:00.000Z', 'Ticket #1, urgent'],
      ]),
    ).toBe('"When","Reason"\r\n"2030-01-01T10:00:00.000Z","Ticket #1, urgent"\r\n');
  });

  it('leaves no cell that a ;-splitting spreadsheet would start with a formula character', () => {
    const line = csvLine(['x;=1', '-1', 'a;+b', 'c@d']);
    const cells = line
      .trimEnd()
      .split(/[;,]/)
      .map((cell) => cell.replace(/^"/, ''));
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});
