CREATE TABLE "credential_reminders" (
	"document_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_reminders_document_id_days_before_pk" PRIMARY KEY("document_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "interpreter_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"step" text NOT NULL,
	"language" text,
	"file_id" uuid NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_by_id" uuid,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interpreter_documents_dates_in_order" CHECK ("interpreter_documents"."issued_on" is null or "interpreter_documents"."expires_on" is null or "interpreter_documents"."issued_on" <= "interpreter_documents"."expires_on")
);
--> statement-breakpoint
CREATE TABLE "interpreter_payout_details" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"payee_name" text NOT NULL,
	"method" text NOT NULL,
	"account" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_step_records" (
	"application_id" uuid NOT NULL,
	"step" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"recorded_by_id" uuid,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_step_records_application_id_step_pk" PRIMARY KEY("application_id","step"),
	CONSTRAINT "onboarding_step_records_waiver_reason" CHECK ("onboarding_step_records"."outcome" <> 'waived' or length("onboarding_step_records"."note") > 0)
);
--> statement-breakpoint
ALTER TABLE "resource_acknowledgements" ADD COLUMN "signed_name" text;--> statement-breakpoint
ALTER TABLE "credential_reminders" ADD CONSTRAINT "credential_reminders_document_id_interpreter_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."interpreter_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_documents" ADD CONSTRAINT "interpreter_documents_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_documents" ADD CONSTRAINT "interpreter_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_documents" ADD CONSTRAINT "interpreter_documents_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_payout_details" ADD CONSTRAINT "interpreter_payout_details_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_step_records" ADD CONSTRAINT "onboarding_step_records_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_step_records" ADD CONSTRAINT "onboarding_step_records_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interpreter_documents_application_idx" ON "interpreter_documents" USING btree ("application_id","step");--> statement-breakpoint
CREATE INDEX "interpreter_documents_status_expiry_idx" ON "interpreter_documents" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "interpreter_documents_file_idx" ON "interpreter_documents" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_one_agreement" ON "resources" USING btree ("audience") WHERE "resources"."audience" = 'agreement';--> statement-breakpoint
-- Steps staff ticked by hand before documents were tracked become waivers of the step in the
-- same position of the new list, with the old step's name as the reason, so that every
-- interpreter keeps their progress (docs/decisions/040-derived-onboarding-progress.md).
INSERT INTO "onboarding_step_records" ("application_id", "step", "outcome", "note", "recorded_by_id", "recorded_by_name", "recorded_at")
SELECT "application_id",
	CASE "step"
		WHEN 'agreement_signed' THEN 'contractor_agreement'
		WHEN 'background_check' THEN 'background_check'
		WHEN 'language_test' THEN 'language_proficiency'
		WHEN 'medical_terminology' THEN 'medical_training'
		WHEN 'orientation' THEN 'mock_session'
		ELSE 'payment_tax'
	END,
	'waived',
	'Ticked by staff before onboarding documents were tracked: ' || CASE "step"
		WHEN 'agreement_signed' THEN 'Contractor agreement signed'
		WHEN 'background_check' THEN 'Background check cleared'
		WHEN 'language_test' THEN 'Language proficiency test passed'
		WHEN 'medical_terminology' THEN 'Medical terminology assessment passed'
		WHEN 'orientation' THEN 'Orientation completed'
		ELSE 'System and test call done'
	END || '.',
	"completed_by_id", "completed_by_name", "completed_at"
FROM "onboarding_steps_done";
