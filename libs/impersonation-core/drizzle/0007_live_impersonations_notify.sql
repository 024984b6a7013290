-- Every app server keeps an in-process list of the running impersonations; this tells them at once
-- (LISTEN viewas_live_impersonations) when that list may have changed: an impersonation started,
-- ended, returned or expired, or an administrator's role or status changed (a demotion ends their
-- impersonations). Statement-level, so a sweep that ends many rows sends one notification; PostgreSQL
-- delivers it only when the transaction commits, and merges duplicates within one transaction.
CREATE FUNCTION viewas_notify_live_impersonations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('viewas_live_impersonations', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER impersonations_notify_live AFTER INSERT OR UPDATE OR DELETE ON impersonations
  FOR EACH STATEMENT EXECUTE FUNCTION viewas_notify_live_impersonations();
--> statement-breakpoint
CREATE TRIGGER users_notify_live AFTER UPDATE OF role, status OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION viewas_notify_live_impersonations();
