-- Each user's own settings beyond their display name (users.name): whether staff may view their account
-- (the consent gate reads it) and whether notifications also come by e-mail. A user without a row has
-- the defaults, so no backfill is needed.
CREATE TABLE IF NOT EXISTS "account_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"support_access" text DEFAULT 'allowed' NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_settings_support_access_check" CHECK ("support_access" in ('allowed', 'ask', 'never'))
);
--> statement-breakpoint
-- One row per changed setting: when, which, the values where they are not personal data, and the staff
-- member who made it during a full view (null: the user themself). Append-only, like the ledger.
CREATE TABLE IF NOT EXISTS "account_activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"at" timestamp with time zone NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"actor_id" uuid REFERENCES "users"("id"),
	"actor_email" text,
	CONSTRAINT "account_activity_field_check" CHECK ("field" in ('displayName', 'supportAccess', 'emailNotifications')),
	CONSTRAINT "account_activity_actor_check" CHECK (("actor_id" is null) = ("actor_email" is null))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "account_activity_user_idx" ON "account_activity" USING btree ("user_id", "at", "id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "account_activity_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'account_activity is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "account_activity_append_only"
  BEFORE UPDATE OR DELETE ON "account_activity"
  FOR EACH STATEMENT EXECUTE FUNCTION "account_activity_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "account_activity_no_truncate"
  BEFORE TRUNCATE ON "account_activity"
  FOR EACH STATEMENT EXECUTE FUNCTION "account_activity_refuse_change"();
--> statement-breakpoint
-- A view ends when its user turns support access to `never`. The list keeps every reason of the
-- migrations before this one (0009's `ended_by_policy` included), whichever of them this database has.
ALTER TABLE "impersonations" DROP CONSTRAINT IF EXISTS "impersonations_end_reason_check";
--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_end_reason_check"
  CHECK ("end_reason" is null or "end_reason" in ('returned', 'ended_by_admin', 'expired', 'ended_by_policy', 'consent_withdrawn'));
