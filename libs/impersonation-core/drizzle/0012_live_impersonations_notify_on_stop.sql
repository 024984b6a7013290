-- Migration 0007 notified every statement on impersonations (a pending row's insert, an activation, an update
-- or sweep that changed no row) and every update naming users' role or status: each made every app server
-- reload its list of live impersonations. A server's list only needs to hear of what can make a running view
-- stop being live: a running row ended, expired, changed or deleted, or a user's role or status changed (the
-- access policy is asked again on every reload). A pending row is in no list. An activation makes a view
-- live, which a server learns without being told: the activating server admits it to its own list, and any
-- other server that meets a cookie its list does not know yet reads a new list before answering
-- (`LiveImpersonations.check`). Row-level with a WHEN, so an update that changes nothing relevant (or no row)
-- sends nothing. An impersonation's notification names it (the payload is its id), so the server that ended
-- it, which refuses its sessions already, need not reload; a user's is empty. PostgreSQL merges the same
-- notification sent twice in one transaction.
CREATE FUNCTION viewas_notify_live_impersonation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('viewas_live_impersonations', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS impersonations_notify_live ON impersonations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notify_live ON users;
--> statement-breakpoint
CREATE TRIGGER impersonations_notify_live_update AFTER UPDATE ON impersonations
  FOR EACH ROW
  WHEN (OLD.started_at IS NOT NULL AND OLD.ended_at IS NULL AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION viewas_notify_live_impersonation();
--> statement-breakpoint
CREATE TRIGGER impersonations_notify_live_delete AFTER DELETE ON impersonations
  FOR EACH ROW
  WHEN (OLD.started_at IS NOT NULL AND OLD.ended_at IS NULL)
  EXECUTE FUNCTION viewas_notify_live_impersonation();
--> statement-breakpoint
CREATE TRIGGER users_notify_live_update AFTER UPDATE OF role, status ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION viewas_notify_live_impersonations();
--> statement-breakpoint
CREATE TRIGGER users_notify_live_delete AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION viewas_notify_live_impersonations();
