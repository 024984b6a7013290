import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import { canonicalJson } from '../ledger/canonical-json';
import { ledgerEventJson } from '../ledger/ledger-event';
import { csvLine } from './csv';

export type LedgerExportFormat = 'csv' | 'ndjson';

export const LEDGER_EXPORT_CONTENT_TYPES: Record<LedgerExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

/** The CSV header: every column, `detail` as its canonical JSON (the bytes the hash covers, in a stable order). */
export const LEDGER_CSV_COLUMNS = [
  'id',
  'at',
  'type',
  'actor_id',
  'actor_email',
  'target_id',
  'target_email',
  'impersonation_id',
  'reason',
  'ip',
  'user_agent',
  'detail',
  'prev_hash',
  'hash',
] as const;

/** A byte-order mark, so spreadsheet programs read the file as UTF-8. */
const UTF8_BOM = '\uFEFF';

export function ledgerCsvLine(row: ChainedLedgerRow): string {
  return csvLine([
    String(row.id),
    row.at.toISOString(),
    row.type,
    row.actorId ?? '',
    row.actorEmail ?? '',
    row.targetId ?? '',
    row.targetEmail ?? '',
    row.impersonationId ?? '',
    row.reason ?? '',
    row.ip ?? '',
    row.userAgent ?? '',
    canonicalJson(row.detail),
    row.prevHash,
    row.hash,
  ]);
}

export function ledgerNdjsonLine(row: ChainedLedgerRow): string {
  return `${JSON.stringify(ledgerEventJson(row))}\n`;
}

/** Reads the matching rows with an id above `afterId` (all from the start when `null`), oldest first, at most `limit`. */
export type LedgerPageReader = (afterId: number | null, limit: number) => Promise<ChainedLedgerRow[]>;

export const LEDGER_EXPORT_PAGE_SIZE = 500;

/**
 * Every matching row as a byte stream, read a page at a time only when the reader wants more: the
 * memory used is one page whatever the ledger's size, and a client that goes away stops the reading.
 */
export function createLedgerExportStream({
  format,
  readPage,
  pageSize = LEDGER_EXPORT_PAGE_SIZE,
}: {
  format: LedgerExportFormat;
  readPage: LedgerPageReader;
  pageSize?: number;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = format === 'csv' ? ledgerCsvLine : ledgerNdjsonLine;
  let afterId: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let text = '';
        if (!started) {
          started = true;
          if (format === 'csv') text += UTF8_BOM + csvLine(LEDGER_CSV_COLUMNS);
        }
        const rows = await readPage(afterId, pageSize);
        for (const row of rows) text += line(row);
        if (text) controller.enqueue(encoder.encode(text));
        const last = rows.at(-1);
        if (rows.length < pageSize || !last) controller.close();
        else afterId = last.id;
      },
    },
    { highWaterMark: 0 },
  );
}
