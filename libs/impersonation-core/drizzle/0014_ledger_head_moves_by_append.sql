-- The ledger's head moves only by an append (docs/ledger.md). The app locks the head row, hashes the new
-- row itself (src/lib/ledger/ledger-chain.ts, the one definition of the bytes a hash covers) and inserts
-- it; the database no longer hashes anything. These triggers hold the chain's shape whoever writes with
-- the app's role: a new row must chain from the head and come after it, inserting it is what moves the
-- head, and the head cannot be moved any other way. UPDATE, DELETE and TRUNCATE of audit_events stay
-- refused (migration 0001), as do DELETE and TRUNCATE of ledger_head (migration 0008).
CREATE FUNCTION "audit_events_move_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_head"
     SET "last_id" = NEW."id", "prev_hash" = NEW."prev_hash", "hash" = NEW."hash"
   WHERE "only_row" AND "hash" = NEW."prev_hash" AND coalesce("last_id", 0) < NEW."id";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_events: row % does not chain from the ledger head (its prev_hash must be the head''s hash and its id after the head''s)', NEW."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- AFTER, so the row is there when the head's own trigger looks for it.
CREATE TRIGGER "audit_events_append_moves_head"
  AFTER INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_move_head"();
--> statement-breakpoint
-- The head may only step forward to a stored row that chains from it: the row just inserted.
CREATE FUNCTION "ledger_head_follow_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."only_row"
     AND NEW."prev_hash" IS NOT DISTINCT FROM OLD."hash"
     AND coalesce(OLD."last_id", 0) < NEW."last_id"
     AND EXISTS (SELECT 1 FROM "audit_events" AS "e"
                  WHERE "e"."id" = NEW."last_id" AND "e"."prev_hash" = OLD."hash" AND "e"."hash" = NEW."hash") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger_head moves only to the row just appended to the ledger' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_head_moves_by_append"
  BEFORE UPDATE ON "ledger_head"
  FOR EACH ROW EXECUTE FUNCTION "ledger_head_follow_append"();
