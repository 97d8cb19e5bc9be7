-- Decision 0038: the API remembers each request's auth state (token revocation, plan, membership, permissions)
-- and forgets it when any of the rows it was read from change. The database, not each service, says when: these
-- statement-level triggers send NOTIFY fm_access, which PostgreSQL delivers at commit to every listening connection
-- (the writer's own pool connection before its COMMIT answers, so the writing instance forgets at once).
CREATE OR REPLACE FUNCTION fm_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fm_access', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF tokens_valid_after, plan_id, plan_end_date OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION fm_access_changed();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revoked_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION fm_access_changed();
--> statement-breakpoint
CREATE TRIGGER workspaces_access_changed AFTER INSERT OR UPDATE OF workspace_id, user_id OR DELETE OR TRUNCATE ON workspaces
  FOR EACH STATEMENT EXECUTE FUNCTION fm_access_changed();
--> statement-breakpoint
CREATE TRIGGER workspace_users_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON workspace_users
  FOR EACH STATEMENT EXECUTE FUNCTION fm_access_changed();
--> statement-breakpoint
CREATE TRIGGER workspace_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON workspace_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION fm_access_changed();
