-- The ledger becomes a hash chain: every row stores the previous row's hash and its own,
-- hash = hex SHA-256 of prev_hash followed by the row's canonical JSON (docs/ledger.md; the reference is
-- src/lib/ledger/ledger-chain.ts). Rows written before this migration are chained here, in id order.
ALTER TABLE "audit_events" ADD COLUMN IF NOT EXISTS "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN IF NOT EXISTS "hash" text;
--> statement-breakpoint
-- RFC 8785 canonical JSON of a jsonb value, for the rows chained below: members sorted by name,
-- no whitespace, strings escaped as jsonb (and JSON.stringify) write them, integers as digits, other
-- numbers in ECMAScript's shortest form. Dropped again once the existing rows are chained.
CREATE FUNCTION "viewas_canonical_json"("value" jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  "result" text;
  "n" numeric;
BEGIN
  CASE jsonb_typeof("value")
    WHEN 'object' THEN
      SELECT '{' || coalesce(string_agg(to_jsonb("key")::text || ':' || "viewas_canonical_json"("item"), ',' ORDER BY "key" COLLATE "C"), '') || '}'
        INTO "result" FROM jsonb_each("value") AS "members"("key", "item");
      RETURN "result";
    WHEN 'array' THEN
      SELECT '[' || coalesce(string_agg("viewas_canonical_json"("item"), ',' ORDER BY "position"), '') || ']'
        INTO "result" FROM jsonb_array_elements("value") WITH ORDINALITY AS "elements"("item", "position");
      RETURN "result";
    WHEN 'number' THEN
      "n" := "value"::numeric;
      IF "n" = trunc("n") AND abs("n") < 1e21 THEN
        RETURN trunc("n")::text;
      END IF;
      RETURN regexp_replace("n"::float8::text, 'e([+-])0*([0-9])', 'e\1\2');
    ELSE
      RETURN "value"::text;
  END CASE;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_append_only";
--> statement-breakpoint
DO $$
DECLARE
  "previous" text := repeat('0', 64);
  "row" record;
BEGIN
  FOR "row" IN SELECT * FROM "audit_events" ORDER BY "id" LOOP
    UPDATE "audit_events"
       SET "prev_hash" = "previous",
           "hash" = encode(sha256(convert_to("previous" || "viewas_canonical_json"(jsonb_build_object(
             'id', "row"."id",
             'at', to_char("row"."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'type', "row"."type",
             'actorId', "row"."actor_id",
             'actorEmail', "row"."actor_email",
             'targetId', "row"."target_id",
             'targetEmail', "row"."target_email",
             'impersonationId', "row"."impersonation_id",
             'reason', "row"."reason",
             'ip', "row"."ip",
             'userAgent', "row"."user_agent",
             'detail', "row"."detail")), 'UTF8')), 'hex')
     WHERE "id" = "row"."id"
     RETURNING "hash" INTO "previous";
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_append_only";
--> statement-breakpoint
DROP FUNCTION "viewas_canonical_json"(jsonb);
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "prev_hash" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
-- The chain's head: one row, locked (SELECT ... FOR UPDATE) by every append, so appends from any
-- number of app servers are serialised into one chain; it also records the newest row, so a deleted
-- tail is found.
CREATE TABLE "ledger_head" (
	"only_row" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_id" bigint,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_head_only_row_check" CHECK ("only_row")
);
--> statement-breakpoint
INSERT INTO "ledger_head" ("only_row", "last_id", "hash")
SELECT true, max("id"), coalesce((SELECT "hash" FROM "audit_events" ORDER BY "id" DESC LIMIT 1), repeat('0', 64)) FROM "audit_events";
--> statement-breakpoint
CREATE FUNCTION "ledger_head_refuse_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_head keeps exactly one row: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_head_keep_row" BEFORE DELETE OR TRUNCATE ON "ledger_head"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_head_refuse_removal"();
--> statement-breakpoint
-- Webhook deliveries: one row per ledger row while WEBHOOK_URL is set, written in the ledger row's
-- transaction and claimed by any app server's worker (FOR UPDATE SKIP LOCKED, a lease and a claim token).
CREATE TABLE "webhook_outbox" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_outbox_status_check" CHECK ("status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "webhook_outbox_due_idx" ON "webhook_outbox" USING btree ("next_attempt_at", "event_id") WHERE "status" = 'pending';
