export { systemClock, createManualClock, type Clock } from './lib/clock';
export { canonicalJson } from './lib/ledger/canonical-json';
export {
  GENESIS_HASH,
  hashedFields,
  ledgerHash,
  chainRow,
  createChainVerifier,
  verifyChain,
  type LedgerRowContent,
  type ChainedLedgerRow,
  type ChainVerdict,
  type RecordedHead,
} from './lib/ledger/ledger-chain';
export { ledgerEventJson, type LedgerEventJson, type LedgerParty } from './lib/ledger/ledger-event';
export { csvCell, csvLine, toCsv } from './lib/export/csv';
export {
  createLedgerExportStream,
  ledgerCsvLine,
  ledgerNdjsonLine,
  LEDGER_CSV_COLUMNS,
  LEDGER_EXPORT_CONTENT_TYPES,
  LEDGER_EXPORT_PAGE_SIZE,
  type LedgerExportFormat,
  type LedgerPageReader,
} from './lib/export/ledger-export';
export {
  webhookSignature,
  verifyWebhookSignature,
  SIGNATURE_HEADER,
  EVENT_ID_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  MIN_WEBHOOK_SECRET_LENGTH,
  type SignatureCheck,
} from './lib/webhooks/webhook-signature';
export { checkWebhookConfig, type WebhookConfig } from './lib/webhooks/webhook-config';
export {
  createWebhookDeliverer,
  createFetchPoster,
  startWebhookWorker,
  webhookBody,
  webhookRequest,
  retryDelayMs,
  WEBHOOK_TIMEOUT_MS,
  FIRST_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  RETRY_FOR_MS,
  DELIVERY_LEASE_MS,
  WEBHOOK_POLL_MS,
  type OutboxItem,
  type DeliveryFailure,
  type DeliveryOutcome,
  type WebhookOutboxStore,
  type WebhookRequest,
  type WebhookPoster,
  type WebhookDeliverer,
  type WebhookDelivererOptions,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from './lib/webhooks/webhook-delivery';
