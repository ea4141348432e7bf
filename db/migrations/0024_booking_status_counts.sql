-- Bookings counted per status by the same triggers as the other lists
-- (docs/decisions/043-status-counts-kept-by-triggers.md): the bookings list's total without
-- counting the table on every page.
CREATE TRIGGER bookings_counted_on_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('bookings');
--> statement-breakpoint
CREATE TRIGGER bookings_counted_on_update AFTER UPDATE ON bookings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('bookings');
--> statement-breakpoint
CREATE TRIGGER bookings_counted_on_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('bookings');
--> statement-breakpoint
INSERT INTO status_counts (counter, status, delta)
SELECT 'bookings', status, count(*) FROM bookings GROUP BY status;
