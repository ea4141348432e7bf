-- The Users screen lists every account A to Z, 25 a page, and searches names and e-mail
-- addresses anywhere in the text (app/models/users.server.ts).
CREATE INDEX "users_name_idx" ON "users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "users_name_email_search_idx" ON "users" USING gin (("name" || ' ' || "email") gin_trgm_ops);
