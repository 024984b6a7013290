-- Shared signals received (docs/shared-signals.md): each trusted issuer's SET ids (`jti`), so a SET is
-- acted on once. A row is kept until `expires_at`, when its SET would be refused as too old anyway;
-- each new row deletes the rows past it, so the table holds at most one acceptance window of SETs.
CREATE TABLE "ssf_received_sets" (
	"issuer" text NOT NULL,
	"jti" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ssf_received_sets_pkey" PRIMARY KEY ("issuer", "jti")
);
--> statement-breakpoint
CREATE INDEX "ssf_received_sets_expires_at_idx" ON "ssf_received_sets" USING btree ("expires_at");
