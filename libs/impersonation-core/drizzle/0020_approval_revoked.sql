-- A user may take back an approval they gave: the request reads `revoked` (its `grant_ends_at` is the
-- moment the grant was cut short, so it is kept), and the views it allowed end with `approval_revoked`.
ALTER TABLE "access_requests" DROP CONSTRAINT IF EXISTS "access_requests_status_check";
--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_status_check"
  CHECK ("status" in ('pending', 'approved', 'denied', 'expired', 'revoked'));
--> statement-breakpoint
ALTER TABLE "access_requests" DROP CONSTRAINT IF EXISTS "access_requests_grant_check";
--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_grant_check"
  CHECK (("status" in ('approved', 'revoked')) = ("grant_ends_at" is not null));
--> statement-breakpoint
ALTER TABLE "impersonations" DROP CONSTRAINT IF EXISTS "impersonations_end_reason_check";
--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_end_reason_check"
  CHECK ("end_reason" is null or "end_reason" in ('returned', 'ended_by_admin', 'expired', 'ended_by_policy', 'consent_withdrawn', 'approval_revoked'));
