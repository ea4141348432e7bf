-- A contact or demo request is a lead (docs/glossary.md): the table, its keys, indexes and
-- triggers and the columns that point to it are renamed, never dropped, so every row stays.
-- Audit entries and mail references keep `client_request`, the word they were written with.
ALTER TABLE "client_requests" RENAME TO "leads";--> statement-breakpoint
ALTER TABLE "leads" RENAME CONSTRAINT "client_requests_pkey" TO "leads_pkey";--> statement-breakpoint
ALTER TABLE "leads" RENAME CONSTRAINT "client_requests_owner_id_users_id_fk" TO "leads_owner_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "client_requests_created_at_idx" RENAME TO "leads_created_at_idx";--> statement-breakpoint
ALTER INDEX "client_requests_status_idx" RENAME TO "leads_status_idx";--> statement-breakpoint
ALTER INDEX "client_requests_awaiting_response_idx" RENAME TO "leads_awaiting_response_idx";--> statement-breakpoint
ALTER INDEX "client_requests_email_idx" RENAME TO "leads_email_idx";--> statement-breakpoint
ALTER INDEX "client_requests_search_idx" RENAME TO "leads_search_idx";--> statement-breakpoint
ALTER TABLE "client_memberships" RENAME COLUMN "client_request_id" TO "lead_id";--> statement-breakpoint
ALTER TABLE "client_memberships" RENAME CONSTRAINT "client_memberships_client_request_id_client_requests_id_fk" TO "client_memberships_lead_id_leads_id_fk";--> statement-breakpoint
ALTER TABLE "client_invitations" RENAME COLUMN "client_request_id" TO "lead_id";--> statement-breakpoint
ALTER TABLE "client_invitations" RENAME CONSTRAINT "client_invitations_client_request_id_client_requests_id_fk" TO "client_invitations_lead_id_leads_id_fk";--> statement-breakpoint
-- The status-count triggers (0020_list_indexes_and_status_counts.sql) name their counter:
-- they count under 'leads' from now on, and the counts kept so far move to that name. The
-- notification bell's inbox views (0004_admin_inbox.sql) take the same name. The migration
-- runs in one transaction, and the table is locked by the rename: no row is counted twice
-- or missed.
DROP TRIGGER client_requests_counted_on_insert ON leads;
--> statement-breakpoint
DROP TRIGGER client_requests_counted_on_update ON leads;
--> statement-breakpoint
DROP TRIGGER client_requests_counted_on_delete ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_counted_on_insert AFTER INSERT ON leads
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('leads');
--> statement-breakpoint
CREATE TRIGGER leads_counted_on_update AFTER UPDATE ON leads
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('leads');
--> statement-breakpoint
CREATE TRIGGER leads_counted_on_delete AFTER DELETE ON leads
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statuses('leads');
--> statement-breakpoint
UPDATE status_counts SET counter = 'leads' WHERE counter = 'client_requests';
--> statement-breakpoint
UPDATE inbox_views SET inbox = 'leads' WHERE inbox = 'client_requests';
