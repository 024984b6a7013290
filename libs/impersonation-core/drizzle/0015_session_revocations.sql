-- Every session is revocable (docs/security.md, invariant 13), without a database read per session read:
-- each app server keeps two small lists in memory, reloaded every second and at once on a notification.
-- 1. A user's session generation: raised whenever their role, status or password hash changes (by this
--    trigger, whoever writes the row: the app, a CLI, an operator's SQL) and by an admin's "end all
--    sessions". A cookie carries the generation of its sign-in; an older one is dead. So a demoted or
--    disabled account's cookies die, and a live cookie's role is the user's current role.
-- 2. Single sign-outs: a session id refused until every cookie of that sign-in has expired anyway.
ALTER TABLE users ADD COLUMN session_generation integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN sessions_revoked_at timestamptz;
--> statement-breakpoint
CREATE INDEX users_sessions_revoked_at_idx ON users (sessions_revoked_at) WHERE sessions_revoked_at IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION viewas_raise_session_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- clock_timestamp(), not now(): a reload reads rows raised since its previous read's start, minus a margin.
  NEW.session_generation := OLD.session_generation + 1;
  NEW.sessions_revoked_at := clock_timestamp();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_raise_session_generation BEFORE UPDATE OF role, status, password_hash ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION viewas_raise_session_generation();
--> statement-breakpoint
CREATE TABLE revoked_sessions (
  session_id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE INDEX revoked_sessions_revoked_at_idx ON revoked_sessions (revoked_at);
--> statement-breakpoint
CREATE INDEX revoked_sessions_expires_at_idx ON revoked_sessions (expires_at);
--> statement-breakpoint
-- Each app server LISTENs and reloads at once (polling every second covers a missed notification).
CREATE FUNCTION viewas_notify_session_revocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('viewas_session_revocations', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_sessions_notify AFTER INSERT ON revoked_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION viewas_notify_session_revocation();
--> statement-breakpoint
CREATE TRIGGER users_notify_session_revocation AFTER UPDATE OF session_generation ON users
  FOR EACH ROW
  WHEN (OLD.session_generation IS DISTINCT FROM NEW.session_generation)
  EXECUTE FUNCTION viewas_notify_session_revocation();
