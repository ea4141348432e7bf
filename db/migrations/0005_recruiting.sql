CREATE TABLE "interpreter_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"onboarding_progress" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"source_reference" text NOT NULL,
	"job_id" text,
	"position" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"native_language" text,
	"english_level" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"interpreting_experience" text NOT NULL,
	"medical_experience" text,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability" text,
	"expected_pay_per_minute" text NOT NULL,
	"additional_info" text,
	"resume_file_id" uuid NOT NULL,
	"possible_duplicate_of" uuid,
	"privacy_consent_at" timestamp with time zone NOT NULL,
	"privacy_notice_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interpreter_applications_onboarding_progress_range" CHECK ("interpreter_applications"."onboarding_progress" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"native_language" text NOT NULL,
	"fluent_language" text NOT NULL,
	"description" text NOT NULL,
	"requirements" text[] NOT NULL,
	"responsibilities" text[] NOT NULL,
	"benefits" text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"posted_on" date NOT NULL,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"media_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "interpreter_applications" ADD CONSTRAINT "interpreter_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_applications" ADD CONSTRAINT "interpreter_applications_resume_file_id_stored_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_applications" ADD CONSTRAINT "interpreter_applications_possible_duplicate_of_interpreter_applications_id_fk" FOREIGN KEY ("possible_duplicate_of") REFERENCES "public"."interpreter_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interpreter_applications_created_at_idx" ON "interpreter_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "interpreter_applications_status_idx" ON "interpreter_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "interpreter_applications_email_idx" ON "interpreter_applications" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "interpreter_applications_resume_file_idx" ON "interpreter_applications" USING btree ("resume_file_id");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");