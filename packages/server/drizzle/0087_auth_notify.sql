-- The auth cache (src/modules/auth/cache.ts): every API process keeps who is calling in memory and
-- forgets it when the database says it changed — a NOTIFY on the realtime channel, sent at commit by
-- these triggers, so every write path counts (logout, password reset, a disabled or deleted user, a
-- changed role, a disabled agent) and nothing is sent for a rolled-back transaction.
-- Payloads: {"kind":"auth","session":id} a session changed; {"kind":"auth","user":id} a user's
-- account or roles changed; {"kind":"auth"} roles or agents at large changed (everything is forgotten).
CREATE OR REPLACE FUNCTION pv_notify_auth_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pv_realtime', '{"kind":"auth"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- sessions change in bulk (all of a user's at a password change, expired ones swept): one event per
-- session up to 50, then one that forgets everything
CREATE OR REPLACE FUNCTION pv_notify_auth_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid uuid;
BEGIN
  IF (SELECT count(*) FROM changed_sessions) > 50 THEN
    PERFORM pg_notify('pv_realtime', '{"kind":"auth"}');
    RETURN NULL;
  END IF;
  FOR sid IN SELECT id FROM changed_sessions LOOP
    PERFORM pg_notify('pv_realtime', json_build_object('kind', 'auth', 'session', sid)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pv_notify_auth_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('pv_realtime', json_build_object('kind', 'auth', 'user', OLD.id)::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('pv_realtime', json_build_object('kind', 'auth', 'user', NEW.user_id)::text);
  ELSE
    PERFORM pg_notify('pv_realtime', json_build_object('kind', 'auth', 'user', OLD.user_id)::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('pv_realtime', json_build_object('kind', 'auth', 'user', NEW.user_id)::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_sessions();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION pv_notify_auth_user();
--> statement-breakpoint
CREATE TRIGGER user_roles_notify_auth AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION pv_notify_auth_user();
--> statement-breakpoint
CREATE TRIGGER roles_notify_auth AFTER UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_all();
--> statement-breakpoint
CREATE TRIGGER agents_notify_auth AFTER UPDATE OF status, parent_id OR DELETE ON agents FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_all();
--> statement-breakpoint
CREATE TRIGGER auth_tables_truncate_notify_sessions AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_all();
--> statement-breakpoint
CREATE TRIGGER auth_tables_truncate_notify_users AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_all();
--> statement-breakpoint
CREATE TRIGGER auth_tables_truncate_notify_user_roles AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_all();
--> statement-breakpoint
CREATE TRIGGER auth_tables_truncate_notify_roles AFTER TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_all();
--> statement-breakpoint
CREATE TRIGGER auth_tables_truncate_notify_agents AFTER TRUNCATE ON agents FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_auth_all();
