import { createHash } from 'node:crypto';
import { chainRow, GENESIS_HASH, ledgerHash, verifyChain, type ChainedLedgerRow, type LedgerRowContent } from './ledger-chain';

const content = (id: number, overrides: Partial<LedgerRowContent> = {}): LedgerRowContent => ({
  id,
  at: new Date(Date.UTC(2026, 10, 23, 10, 0, id)),
  type: 'impersonation.started',
  actorId: '00000000-0000-4000-8000-000000000001',
  actorEmail: 'admin@example.com',
  targetId: '00000000-0000-4000-8000-000000000002',
  targetEmail: 'ada@example.com',
  impersonationId: '00000000-0000-4000-8000-0000000000aa',
  reason: 'Ticket #1',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  detail: {},
  ...overrides,
});

function chain(count: number): ChainedLedgerRow[] {
  const rows: ChainedLedgerRow[] = [];
  for (let id = 1; id <= count; id += 1) rows.push(chainRow(rows.at(-1)?.hash ?? GENESIS_HASH, content(id)));
  return rows;
}

describe('the ledger hash', () => {
  it('is SHA-256 over the previous hash followed by the canonical JSON of the row', () => {
    const row = content(7, { detail: { why: 'not_admin', attempt: 'start' }, type: 'impersonation.denied' });
    const canonical =
      '{"actorEmail":"admin@example.com","actorId":"00000000-0000-4000-8000-000000000001","at":"2026-11-23T10:00:07.000Z",' +
      '"detail":{"attempt":"start","why":"not_admin"},"id":7,"impersonationId":"00000000-0000-4000-8000-0000000000aa","ip":"203.0.113.9",' +
      '"reason":"Ticket #1","targetEmail":"ada@example.com","targetId":"00000000-0000-4000-8000-000000000002","type":"impersonation.denied","userAgent":"Mozilla/5.0"}';
    expect(ledgerHash(GENESIS_HASH, row)).toBe(
      createHash('sha256')
        .update(GENESIS_HASH + canonical)
        .digest('hex'),
    );
    expect(GENESIS_HASH).toMatch(/^0{64}$/);
  });

  it('changes with any field, the previous hash or the id', () => {
    const base = ledgerHash(GENESIS_HASH, content(1));
    expect(ledgerHash('1'.repeat(64), content(1))).not.toBe(base);
    expect(ledgerHash(GENESIS_HASH, content(2, { at: content(1).at }))).not.toBe(base);
    expect(ledgerHash(GENESIS_HASH, content(1, { reason: 'Ticket #2' }))).not.toBe(base);
    expect(ledgerHash(GENESIS_HASH, content(1, { detail: { x: 1 } }))).not.toBe(base);
    expect(ledgerHash(GENESIS_HASH, content(1, { ip: null }))).not.toBe(base);
  });

  it('does not depend on the order the detail was written in (a JSON column may reorder it)', () => {
    expect(ledgerHash(GENESIS_HASH, content(1, { detail: { a: 1, b: [1, 2] } }))).toBe(
      ledgerHash(GENESIS_HASH, content(1, { detail: { b: [1, 2], a: 1 } })),
    );
  });
});

describe('verifyChain', () => {
  it('accepts an intact chain and reports its length and head', async () => {
    const rows = chain(5);
    expect(await verifyChain(rows)).toEqual({ ok: true, count: 5, head: rows[4]?.hash });
  });

  it('accepts an empty ledger with no head', async () => {
    expect(await verifyChain([])).toEqual({ ok: true, count: 0, head: null });
  });

  it('finds a changed row by its id', async () => {
    const rows = chain(5);
    rows[2] = { ...rows[2]!, reason: 'nothing to see here' };
    expect(await verifyChain(rows)).toEqual({ ok: false, count: 5, head: rows[4]?.hash, firstBadId: 3 });
  });

  it('finds a changed row whose hash was recomputed at the next row', async () => {
    const rows = chain(5);
    rows[1] = chainRow(rows[0]!.hash, { ...rows[1]!, ip: '198.51.100.1' });
    expect((await verifyChain(rows)).firstBadId).toBe(3);
  });

  it('finds a deleted row at the row after it', async () => {
    const rows = chain(5);
    rows.splice(1, 1);
    expect(await verifyChain(rows)).toMatchObject({ ok: false, count: 4, firstBadId: 3 });
  });

  it('finds the first row deleted', async () => {
    expect(await verifyChain(chain(3).slice(1))).toMatchObject({ ok: false, firstBadId: 2 });
  });

  it('finds deleted newest rows from the recorded head', async () => {
    const rows = chain(5);
    const head = { lastId: 5, hash: rows[4]!.hash };
    expect(await verifyChain(rows, head)).toEqual({ ok: true, count: 5, head: head.hash });
    expect(await verifyChain(rows.slice(0, 3), head)).toEqual({ ok: false, count: 3, head: rows[2]?.hash, firstBadId: 5 });
    expect(await verifyChain([], head)).toEqual({ ok: false, count: 0, head: null, firstBadId: 5 });
  });

  it('reads rows from an async source one at a time', async () => {
    const rows = chain(3);
    async function* source() {
      yield* rows;
    }
    expect(await verifyChain(source())).toEqual({ ok: true, count: 3, head: rows[2]?.hash });
  });
});
