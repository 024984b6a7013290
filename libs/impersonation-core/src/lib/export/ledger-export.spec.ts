import { chainRow, GENESIS_HASH, type ChainedLedgerRow } from '../ledger/ledger-chain';
import { createLedgerExportStream, LEDGER_CSV_COLUMNS, ledgerNdjsonLine, type LedgerPageReader } from './ledger-export';

function rows(count: number): ChainedLedgerRow[] {
  const result: ChainedLedgerRow[] = [];
  for (let id = 1; id <= count; id += 1) {
    result.push(
      chainRow(result.at(-1)?.hash ?? GENESIS_HASH, {
        id,
        at: new Date(Date.UTC(2026, 10, 23, 10, 0, 0, id)),
        type: 'impersonation.denied',
        actorId: null,
        actorEmail: null,
        targetId: '00000000-0000-4000-8000-000000000002',
        targetEmail: 'ada@example.com',
        impersonationId: null,
        reason: id === 2 ? '=cmd|"/c calc"!A0' : null,
        ip: null,
        userAgent: 'curl/8',
        detail: { attempt: 'start', why: 'not_signed_in' },
      }),
    );
  }
  return result;
}

/** The bytes as text, keeping a byte-order mark (`Response.text()` drops it). */
const textOf = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

const reader =
  (all: ChainedLedgerRow[], calls: (number | null)[] = []): LedgerPageReader =>
  async (afterId, limit) => {
    calls.push(afterId);
    return all.filter((row) => afterId === null || row.id > afterId).slice(0, limit);
  };

describe('the ledger export', () => {
  it('writes a CSV with a BOM, a header and every column, detail as JSON, formula-safe', async () => {
    const all = rows(2);
    const text = await textOf(createLedgerExportStream({ format: 'csv', readPage: reader(all) }));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${LEDGER_CSV_COLUMNS.map((column) => `"${column}"`).join(',')}`);
    expect(lines[1]).toBe(
      `"1","2026-11-23T10:00:00.001Z","impersonation.denied","","","00000000-0000-4000-8000-000000000002","ada@example.com","","","","curl/8",` +
        `"{""attempt"":""start"",""why"":""not_signed_in""}","${all[0]?.prevHash}","${all[0]?.hash}"`,
    );
    expect(lines[2]).toContain(`"'=cmd|""/c calc""!A0"`);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('writes NDJSON: one event per line, as the webhooks send it', async () => {
    const all = rows(3);
    const text = await textOf(createLedgerExportStream({ format: 'ndjson', readPage: reader(all) }));
    const events = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(events).toHaveLength(3);
    expect(events[1]).toEqual({
      id: 2,
      type: 'impersonation.denied',
      at: '2026-11-23T10:00:00.002Z',
      actor: null,
      target: { id: '00000000-0000-4000-8000-000000000002', email: 'ada@example.com' },
      impersonationId: null,
      reason: '=cmd|"/c calc"!A0',
      ip: null,
      userAgent: 'curl/8',
      detail: { attempt: 'start', why: 'not_signed_in' },
      prevHash: all[0]?.hash,
      hash: all[1]?.hash,
    });
    expect(ledgerNdjsonLine(all[0]!)).toBe(`${JSON.stringify(events[0])}\n`);
  });

  it('reads page after page by id, and only as fast as the reader takes them', async () => {
    const calls: (number | null)[] = [];
    const stream = createLedgerExportStream({ format: 'ndjson', readPage: reader(rows(7), calls), pageSize: 3 });
    const streamReader = stream.getReader();
    await streamReader.read();
    expect(calls).toEqual([null]);
    let rest = 0;
    for (let chunk = await streamReader.read(); !chunk.done; chunk = await streamReader.read()) rest += 1;
    expect(rest).toBe(2);
    expect(calls).toEqual([null, 3, 6]);
  });

  it('stops reading pages when the client goes away', async () => {
    const calls: (number | null)[] = [];
    const streamReader = createLedgerExportStream({ format: 'csv', readPage: reader(rows(10), calls), pageSize: 2 }).getReader();
    await streamReader.read();
    await streamReader.cancel();
    expect(calls).toEqual([null]);
  });

  it('writes only the header for an empty result', async () => {
    expect(await textOf(createLedgerExportStream({ format: 'csv', readPage: reader([]) }))).toBe(
      `\uFEFF${LEDGER_CSV_COLUMNS.map((column) => `"${column}"`).join(',')}\r\n`,
    );
    expect(await textOf(createLedgerExportStream({ format: 'ndjson', readPage: reader([]) }))).toBe('');
  });
});
