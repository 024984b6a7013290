-- Signed checkpoints of the ledger's hash chain (docs/ledger.md, "Signed checkpoints"): each row is a
-- C2SP signed note over the chain at `size` rows, whose newest row is `last_id` with `hash`. The note is
-- signed with a key kept outside the database; `event_id` is the ledger row that announced it, which
-- the webhook outbox delivers like any other. A checkpoint is never changed or removed.
CREATE TABLE "ledger_checkpoints" (
	"size" bigint PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"event_id" bigint NOT NULL,
	CONSTRAINT "ledger_checkpoints_size_check" CHECK ("size" > 0)
);
--> statement-breakpoint
CREATE FUNCTION "ledger_checkpoints_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_checkpoints is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_checkpoints_append_only"
  BEFORE UPDATE OR DELETE OR TRUNCATE ON "ledger_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_checkpoints_refuse_change"();
