-- Possible duplicates compare phone numbers by their digits (docs/decisions/023-possible-duplicates.md):
-- formatting ignored, a leading US/Canada country code 1 dropped from 11 digits, and numbers of
-- fewer than 7 digits give null (too short to tell people apart). IMMUTABLE, so that a
-- generated column and its index can use it.
CREATE OR REPLACE FUNCTION application_phone_digits(phone text)
RETURNS text
LANGUAGE sql
IMMUTABLE
STRICT
PARALLEL SAFE
AS $$ SELECT substring(regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\1') from '^[0-9]{7,}$') $$;
--> statement-breakpoint
CREATE TABLE "application_resumes" (
	"application_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_resumes_application_id_file_id_pk" PRIMARY KEY("application_id","file_id"),
	CONSTRAINT "application_resumes_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_dismissals" (
	"application_id" uuid NOT NULL,
	"other_application_id" uuid NOT NULL,
	"dismissed_by_id" uuid,
	"dismissed_by_name" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_application_id_other_application_id_pk" PRIMARY KEY("application_id","other_application_id"),
	CONSTRAINT "duplicate_dismissals_ordered_pair" CHECK ("duplicate_dismissals"."application_id" < "duplicate_dismissals"."other_application_id")
);
--> statement-breakpoint
ALTER TABLE "interpreter_applications" DROP CONSTRAINT "interpreter_applications_possible_duplicate_of_interpreter_applications_id_fk";
--> statement-breakpoint
ALTER TABLE "interpreter_applications" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (application_phone_digits("interpreter_applications"."phone")) STORED;--> statement-breakpoint
ALTER TABLE "application_resumes" ADD CONSTRAINT "application_resumes_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_resumes" ADD CONSTRAINT "application_resumes_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_other_application_id_interpreter_applications_id_fk" FOREIGN KEY ("other_application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_dismissed_by_id_users_id_fk" FOREIGN KEY ("dismissed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_other_idx" ON "duplicate_dismissals" USING btree ("other_application_id");--> statement-breakpoint
CREATE INDEX "interpreter_applications_phone_digits_idx" ON "interpreter_applications" USING btree ("phone_digits") WHERE "interpreter_applications"."phone_digits" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_address_idx" ON "mail_outbox" USING btree (lower("to_address"));--> statement-breakpoint
ALTER TABLE "interpreter_applications" DROP COLUMN "possible_duplicate_of";