-- Index-only reads for the statistics of long ranges (a year of teams: thousands of rows): the month
-- tables the `all` scope reads by province or country-wide, with every column the endpoints read in the
-- index. Written here because drizzle's index builder has no INCLUDE; the schema file names them.
CREATE INDEX stat_team_province_monthly_read_idx ON stat_team_province_monthly (province_code, day) INCLUDE (team_id, dispatched, completed, kwp_built, lead_days);
--> statement-breakpoint
CREATE INDEX stat_audit_province_monthly_read_idx ON stat_audit_province_monthly (province_code, day) INCLUDE (team_id, approved, rejected, first_decided, first_approved);
--> statement-breakpoint
CREATE INDEX stat_team_total_monthly_read_idx ON stat_team_total_monthly (day) INCLUDE (team_id, dispatched, completed, kwp_built, lead_days);
--> statement-breakpoint
CREATE INDEX stat_audit_total_monthly_read_idx ON stat_audit_total_monthly (day) INCLUDE (team_id, approved, rejected, first_decided, first_approved);
