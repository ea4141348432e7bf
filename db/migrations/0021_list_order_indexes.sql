DROP INDEX "client_requests_created_at_idx";--> statement-breakpoint
DROP INDEX "interpreter_applications_created_at_idx";--> statement-breakpoint
CREATE INDEX "client_requests_created_at_idx" ON "client_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "interpreter_applications_created_at_idx" ON "interpreter_applications" USING btree ("created_at","id");