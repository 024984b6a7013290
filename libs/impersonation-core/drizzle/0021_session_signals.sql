-- Shared signals about sessions that end without a ledger row (docs/shared-signals.md): a user's own
-- sign-out, and the sessions their password change ended. The ledger records impersonation, so a
-- sign-out is no row of it; a CAEP `session-revoked` is still owed to every receiver. Each row is one
-- event, written (with its outbox entries, channel `ssf-session:<receiver>`) in the revocation's own
-- transaction, and only while receivers are configured. `seed` makes each delivery's `jti` stable across
-- attempts and unlike any other event's.
CREATE TABLE "session_signals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"event" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"claims" jsonb NOT NULL,
	"seed" uuid NOT NULL DEFAULT gen_random_uuid()
);
--> statement-breakpoint
-- Each revocation prunes signals older than a week (postgres/session-signals.ts): found by time, not by a scan.
CREATE INDEX "session_signals_at_idx" ON "session_signals" USING btree ("at");
