CREATE TABLE "status_counts" (
	"counter" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "interpreter_applications_status_progress_idx";--> statement-breakpoint
CREATE INDEX "status_counts_counter_idx" ON "status_counts" USING btree ("counter","key","status");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_late_cancellation_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'cancelled' and "bookings"."late_cancellation";--> statement-breakpoint
CREATE INDEX "interpreter_applications_status_progress_idx" ON "interpreter_applications" USING btree ("status","onboarding_progress","last_name","id");--> statement-breakpoint
-- The counts per status the lists show, kept as the rows change
-- (docs/decisions/043-status-counts-kept-by-triggers.md). Statement-level triggers see all the
-- rows one statement changed (a bulk send's 1,500 e-mails) and add one row per status it
-- changed; the sum of a counter's rows is its count.
CREATE FUNCTION count_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the counter's name. A transition table exists only for the events that have
  -- it (no old rows on insert), hence one query per event. An update that changed no status
  -- adds nothing.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts (counter, status, delta)
    SELECT TG_ARGV[0], status, count(*) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts (counter, status, delta)
    SELECT TG_ARGV[0], status, -count(*) FROM old_rows GROUP BY status;
  ELSE
    INSERT INTO status_counts (counter, status, delta)
    SELECT TG_ARGV[0], status, sum(delta) FROM (
      SELECT status, 1 AS delta FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
    ) AS changed GROUP BY status HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The outbox also counts the e-mails of each staff message (reference `message:<id>`).
CREATE FUNCTION count_message_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts (counter, key, status, delta)
    SELECT 'message_deliveries', substring(reference from 9), status, count(*)
    FROM new_rows WHERE reference LIKE 'message:%' GROUP BY reference, status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts (counter, key, status, delta)
    SELECT 'message_deliveries', substring(reference from 9), status, -count(*)
    FROM old_rows WHERE reference LIKE 'message:%' GROUP BY reference, status;
  ELSE
    INSERT INTO status_counts (counter, key, status, delta)
    SELECT 'message_deliveries', substring(reference from 9), status, sum(delta) FROM (
      SELECT reference, status, 1 AS delta FROM new_rows
      UNION ALL SELECT reference, status, -1 FROM old_rows
    ) AS changed WHERE reference LIKE 'message:%' GROUP BY reference, status HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The approved applications by onboarding progress (the interpreter manager's stages).
CREATE FUNCTION count_onboarding_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts (counter, status, delta)
    SELECT 'onboarding_progress', onboarding_progress::text, count(*)
    FROM new_rows WHERE status = 'approved' GROUP BY onboarding_progress;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts (counter, status, delta)
    SELECT 'onboarding_progress', onboarding_progress::text, -count(*)
    FROM old_rows WHERE status = 'approved' GROUP BY onboarding_progress;
  ELSE
    INSERT INTO status_counts (counter, status, delta)
    SELECT 'onboarding_progress', onboarding_progress::text, sum(delta) FROM (
      SELECT status, onboarding_progress, 1 AS delta FROM new_rows
      UNION ALL SELECT status, onboarding_progress, -1 FROM old_rows
    ) AS changed WHERE status = 'approved' GROUP BY onboarding_progress HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER onboarding_progress_counted_on_insert AFTER INSERT ON interpreter_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_onboarding_progress();
--> statement-breakpoint
CREATE TRIGGER onboarding_progress_counted_on_update AFTER UPDATE ON interpreter_applications
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_onboarding_progress();
--> statement-breakpoint
CREATE TRIGGER onboarding_progress_counted_on_delete AFTER DELETE ON interpreter_applications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_onboarding_progress();
--> statement-breakpoint
CREATE TRIGGER interpreter_applications_counted_on_insert AFTER INSERT ON interpreter_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('interpreter_applications');
--> statement-breakpoint
CREATE TRIGGER interpreter_applications_counted_on_update AFTER UPDATE ON interpreter_applications
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('interpreter_applications');
--> statement-breakpoint
CREATE TRIGGER interpreter_applications_counted_on_delete AFTER DELETE ON interpreter_applications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('interpreter_applications');
--> statement-breakpoint
CREATE TRIGGER client_requests_counted_on_insert AFTER INSERT ON client_requests
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('client_requests');
--> statement-breakpoint
CREATE TRIGGER client_requests_counted_on_update AFTER UPDATE ON client_requests
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('client_requests');
--> statement-breakpoint
CREATE TRIGGER client_requests_counted_on_delete AFTER DELETE ON client_requests
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('client_requests');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_counted_on_insert AFTER INSERT ON mail_outbox
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('mail_outbox');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_counted_on_update AFTER UPDATE ON mail_outbox
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('mail_outbox');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_counted_on_delete AFTER DELETE ON mail_outbox
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('mail_outbox');
--> statement-breakpoint
CREATE TRIGGER message_deliveries_counted_on_insert AFTER INSERT ON mail_outbox
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_message_deliveries();
--> statement-breakpoint
CREATE TRIGGER message_deliveries_counted_on_update AFTER UPDATE ON mail_outbox
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_message_deliveries();
--> statement-breakpoint
CREATE TRIGGER message_deliveries_counted_on_delete AFTER DELETE ON mail_outbox
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_message_deliveries();
--> statement-breakpoint
INSERT INTO status_counts (counter, status, delta)
SELECT 'interpreter_applications', status, count(*) FROM interpreter_applications GROUP BY status;
--> statement-breakpoint
INSERT INTO status_counts (counter, status, delta)
SELECT 'client_requests', status, count(*) FROM client_requests GROUP BY status;
--> statement-breakpoint
INSERT INTO status_counts (counter, status, delta)
SELECT 'mail_outbox', status, count(*) FROM mail_outbox GROUP BY status;
--> statement-breakpoint
INSERT INTO status_counts (counter, key, status, delta)
SELECT 'message_deliveries', substring(reference from 9), status, count(*)
FROM mail_outbox WHERE reference LIKE 'message:%' GROUP BY reference, status;
--> statement-breakpoint
INSERT INTO status_counts (counter, status, delta)
SELECT 'onboarding_progress', onboarding_progress::text, count(*) FROM interpreter_applications
WHERE status = 'approved' GROUP BY onboarding_progress;
