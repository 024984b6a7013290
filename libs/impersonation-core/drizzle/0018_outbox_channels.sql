-- One outbox for every delivery of a ledger row (docs/shared-signals.md): each row is queued once per
-- channel, in the row's own transaction, and each channel is claimed, leased, retried and reported on
-- its own. `webhook` is the ledger webhook (every row); `ssf:<name>` is a shared-signals receiver (the
-- rows that are CAEP events). Existing rows are the webhook's.
ALTER TABLE "webhook_outbox" ADD COLUMN "channel" text NOT NULL DEFAULT 'webhook';
--> statement-breakpoint
ALTER TABLE "webhook_outbox" DROP CONSTRAINT "webhook_outbox_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_pkey" PRIMARY KEY ("event_id", "channel");
--> statement-breakpoint
DROP INDEX "webhook_outbox_due_idx";
--> statement-breakpoint
CREATE INDEX "webhook_outbox_due_idx" ON "webhook_outbox" USING btree ("channel", "next_attempt_at", "event_id") WHERE "status" = 'pending';
