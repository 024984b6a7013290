-- A ledger row is appended in one statement (src/lib/postgres/ledger.ts): the head's UPDATE takes the
-- next id, computes the new hash and RETURNs both, and the row is inserted from them. An UPDATE's RETURNING
-- sees only the new values, so the head also keeps the hash it replaced: the new row's prev_hash.
ALTER TABLE "ledger_head" ADD COLUMN IF NOT EXISTS "prev_hash" text;
