import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes every cell, plain text and empty ones too', () => {
    expect(csvCell('ada@example.com')).toBe('"ada@example.com"');
    expect(csvCell('')).toBe('""');
  });

  it('quotes cells with commas, quotes or line breaks and doubles inner quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it.each(['a;=1+1', 'x;@SUM(A1)', 'a\t=1', 'a|=1'])('keeps %j in one quoted cell for spreadsheets that split on ; tab or |', (value) => {
    expect(csvCell(value)).toBe(`"${value}"`);
  });

  it.each([
    '=HYPERLINK("http://evil.example","x")',
    '+1+1',
    '-2+3',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '\n=1',
    '\uFF1D1+1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
  ])('neutralises the formula-like cell %j with a leading apostrophe', (value) => {
    expect(csvCell(value).startsWith(`"'`)).toBe(true);
  });

  it('quotes a neutralised formula that also needs quoting', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});

describe('toCsv', () => {
  it('joins quoted cells with commas and rows with CRLF, ending with a line break', () => {
    expect(
      toCsv([
        ['When', 'Reason'],
        ['2030-01-01T10:00:00.000Z', 'Ticket #1, urgent'],
      ]),
    ).toBe('"When","Reason"\r\n"2030-01-01T10:00:00.000Z","Ticket #1, urgent"\r\n');
  });

  it('keeps a ; inside its cell, so a ;-separated spreadsheet cannot start a formula from it', () => {
    expect(toCsv([['note;=cmd|"/c calc"!A0', 'b']])).toBe('"note;=cmd|""/c calc""!A0","b"\r\n');
  });
});
