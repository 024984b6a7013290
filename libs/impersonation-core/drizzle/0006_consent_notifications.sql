-- Access requests: a start that needs the viewed user's consent and/or a second admin's approval.
CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"requester_id" uuid NOT NULL REFERENCES "users"("id"),
	"requester_email" text NOT NULL,
	"target_id" uuid NOT NULL REFERENCES "users"("id"),
	"target_email" text NOT NULL,
	"reason" text NOT NULL,
	"mode" text NOT NULL,
	"approvers" text[] NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_decision" jsonb,
	"admin_decision" jsonb,
	"grant_ends_at" timestamp with time zone,
	"version" integer NOT NULL,
	CONSTRAINT "access_requests_mode_check" CHECK ("mode" in ('read_only', 'full')),
	CONSTRAINT "access_requests_status_check" CHECK ("status" in ('pending', 'approved', 'denied', 'expired')),
	CONSTRAINT "access_requests_approvers_check" CHECK (cardinality("approvers") > 0 AND "approvers" <@ ARRAY['user', 'admin']::text[]),
	CONSTRAINT "access_requests_grant_check" CHECK (("status" = 'approved') = ("grant_ends_at" is not null))
);
--> statement-breakpoint
CREATE INDEX "access_requests_target_idx" ON "access_requests" USING btree ("target_id", "created_at");--> statement-breakpoint
CREATE INDEX "access_requests_pair_idx" ON "access_requests" USING btree ("requester_id", "target_id", "created_at");--> statement-breakpoint
CREATE INDEX "access_requests_pending_idx" ON "access_requests" USING btree ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "access_requests_staff_idx" ON "access_requests" USING btree ("created_at") WHERE 'admin' = ANY("approvers");--> statement-breakpoint
-- In-app notifications; e-mails go through the outbox below.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('view_ended', 'access_requested', 'request_decided', 'break_glass'))
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" is null;--> statement-breakpoint
-- The e-mail outbox: written in the transaction that decides to tell someone, delivered by any app server's worker.
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"notification_id" uuid REFERENCES "notifications"("id"),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_message_id_key" UNIQUE ("message_id")
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "status" = 'pending';
