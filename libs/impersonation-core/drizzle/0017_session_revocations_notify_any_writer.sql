-- 0015's notification fired only for an UPDATE naming session_generation ("end all sessions"): a raise made
-- by its BEFORE trigger (a role, status or password change) is not in the statement's column list, so other
-- app servers learned of it at their next poll (up to a second) instead of at once. Any update that changes
-- the generation now notifies.
DROP TRIGGER IF EXISTS users_notify_session_revocation ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_session_revocation AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.session_generation IS DISTINCT FROM NEW.session_generation)
  EXECUTE FUNCTION viewas_notify_session_revocation();
