-- The dashboard searches applications by name, e-mail and languages. array_to_string is
-- not IMMUTABLE, so an index cannot use it directly: this wrapper is (for text[] it is).
CREATE OR REPLACE FUNCTION interpreter_application_search_text(first_name text, last_name text, email text, languages text[])
RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$ SELECT first_name || ' ' || last_name || ' ' || email || ' ' || array_to_string(languages, ' ') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS interpreter_applications_search_idx ON interpreter_applications
USING gin (interpreter_application_search_text(first_name, last_name, email, languages) gin_trgm_ops);
