-- Push for the big screen: every statement that writes a table the statistics read tells the API
-- processes (NOTIFY on the realtime channel, src/realtime/pubsub.ts), which send a throttled
-- {type:"stats"} frame to the screens subscribed. Sent only when the transaction commits; the same
-- payload within one transaction is sent once.
CREATE OR REPLACE FUNCTION pv_notify_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pv_realtime', '{"kind":"stats"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_notify_stats AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_stats();
--> statement-breakpoint
CREATE TRIGGER stations_notify_stats AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stations FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_stats();
--> statement-breakpoint
CREATE TRIGGER work_orders_notify_stats AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_orders FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_stats();
--> statement-breakpoint
CREATE TRIGGER self_audits_notify_stats AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON self_audits FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_stats();
--> statement-breakpoint
CREATE TRIGGER matters_notify_stats AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON matters FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_stats();
