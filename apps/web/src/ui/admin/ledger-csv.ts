import type { LedgerEvent } from '@viewas/admin-api';
import type { Messages } from '../../i18n/messages';
import { toCsv } from './csv';
import { eventLabel } from './ledger-events';

/** A byte-order mark, so spreadsheet programs read the file as UTF-8. */
const UTF8_BOM = '\uFEFF';

/** The ledger rows as CSV: UTC ISO times (unambiguous in any locale) and every recorded field. */
export function ledgerCsv(events: readonly LedgerEvent[], messages: Messages['admin']['ledger']): string {
  const rows = events.map((event) => [
    event.at,
    eventLabel(event.type, messages.events),
    event.actor?.email ?? '',
    event.target?.email ?? '',
    event.reason ?? '',
    event.ip ?? '',
    event.userAgent ?? '',
    event.impersonationId ?? '',
  ]);
  return UTF8_BOM + toCsv([messages.csvHeaders, ...rows]);
}
