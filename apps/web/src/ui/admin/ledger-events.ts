import type { Messages } from '../../i18n/messages';

/** An event type's label; a type this app does not know yet is shown as it is. */
export function eventLabel(type: string, labels: Messages['admin']['ledger']['events']): string {
  return labels[type] ?? type;
}
