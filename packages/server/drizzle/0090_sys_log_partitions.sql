-- The system log becomes a table partitioned by month of China time (issue 29), so months past the
-- retention (SYSLOG_RETENTION_MONTHS) leave the database as whole tables, detached and archived by the
-- task maintain_sys_log (src/modules/syslog/partitions.ts), instead of by row deletes. Hand-written:
-- drizzle does not declare partitions (the schema's composite primary key matches this table).
--
-- The rows written so far stay where they are: the old table is attached as the partition of
-- everything before the first day of next month (an attach, not a copy), and leaves in its turn when
-- that month passes the retention. Months from next month on get a partition each, three ahead; the
-- task keeps creating them. A default partition catches a row whose month has no partition yet (the
-- scheduler off for months); the task moves such rows into their month.
ALTER TABLE "sys_log" RENAME TO "sys_log_legacy";
--> statement-breakpoint
-- a partition's primary key is the partitioned table's: (id, created_at)
ALTER TABLE "sys_log_legacy" DROP CONSTRAINT "sys_log_pkey";
--> statement-breakpoint
ALTER TABLE "sys_log_legacy" ADD CONSTRAINT "sys_log_legacy_pkey" PRIMARY KEY ("id", "created_at");
--> statement-breakpoint
ALTER INDEX "sys_log_record_idx" RENAME TO "sys_log_legacy_record_idx";
--> statement-breakpoint
ALTER INDEX "sys_log_user_idx" RENAME TO "sys_log_legacy_user_idx";
--> statement-breakpoint
ALTER INDEX "sys_log_action_idx" RENAME TO "sys_log_legacy_action_idx";
--> statement-breakpoint
ALTER INDEX "sys_log_ip_idx" RENAME TO "sys_log_legacy_ip_idx";
--> statement-breakpoint
ALTER INDEX "sys_log_time_idx" RENAME TO "sys_log_legacy_time_idx";
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" bigint DEFAULT nextval('sys_log_id_seq'::regclass) NOT NULL,
	"user_id" integer,
	"username" varchar(64),
	"ip" varchar(64),
	"action" varchar(32) NOT NULL,
	"resource" varchar(32) NOT NULL,
	"record_id" bigint,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_log_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER SEQUENCE "sys_log_id_seq" OWNED BY "sys_log"."id";
--> statement-breakpoint
CREATE INDEX "sys_log_record_idx" ON "sys_log" USING btree ("resource","record_id","id");
--> statement-breakpoint
CREATE INDEX "sys_log_user_idx" ON "sys_log" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "sys_log_action_idx" ON "sys_log" USING btree ("action","username","created_at");
--> statement-breakpoint
CREATE INDEX "sys_log_ip_idx" ON "sys_log" USING btree ("action","ip","created_at");
--> statement-breakpoint
CREATE INDEX "sys_log_time_idx" ON "sys_log" USING btree ("created_at");
--> statement-breakpoint
DO $$
DECLARE
  -- the first day of next month, China time (UTC+8 all year)
  next_month date := (date_trunc('month', now() AT TIME ZONE INTERVAL '08:00') + interval '1 month') :: date;
  m date;
BEGIN
  EXECUTE format('ALTER TABLE sys_log ATTACH PARTITION sys_log_legacy FOR VALUES FROM (MINVALUE) TO (%L)', next_month :: text || ' 00:00:00+08');
  FOR i IN 0..2 LOOP
    m := (next_month + make_interval(months => i)) :: date;
    EXECUTE format('CREATE TABLE %I PARTITION OF sys_log FOR VALUES FROM (%L) TO (%L)', 'sys_log_' || to_char(m, 'YYYY_MM'), m :: text || ' 00:00:00+08', (m + interval '1 month') :: date :: text || ' 00:00:00+08');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "sys_log_default" PARTITION OF "sys_log" DEFAULT;
