-- Governance: support agents, the mode of a view, views ended by the policy, and step-up password entries.
-- Written to apply whatever other migration ran first (IF NOT EXISTS, constraints dropped before re-adding).
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_role_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('user', 'support', 'admin'));
--> statement-breakpoint
-- Views before this migration had full power: that is what they are recorded as. New views always name their mode.
ALTER TABLE "impersonations" ADD COLUMN IF NOT EXISTS "mode" text DEFAULT 'full' NOT NULL;
--> statement-breakpoint
ALTER TABLE "impersonations" ALTER COLUMN "mode" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "impersonations" DROP CONSTRAINT IF EXISTS "impersonations_mode_check";
--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_mode_check" CHECK ("mode" in ('read_only', 'full'));
--> statement-breakpoint
ALTER TABLE "impersonations" DROP CONSTRAINT IF EXISTS "impersonations_end_reason_check";
--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_end_reason_check"
  CHECK ("end_reason" is null or "end_reason" in ('returned', 'ended_by_admin', 'expired', 'ended_by_policy'));
--> statement-breakpoint
-- Step-up: when a staff member last entered their password in one session (the session is named by its
-- sign-in time). Signing in is an entry too, carried by the session itself; this row holds the re-entries.
CREATE TABLE IF NOT EXISTS "password_entries" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"session_auth_time" bigint NOT NULL,
	"entered_at" timestamp with time zone NOT NULL
);
