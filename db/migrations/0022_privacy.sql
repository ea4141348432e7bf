CREATE TABLE "erasure_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interpreter_applications" ADD COLUMN "keep_on_file_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interpreter_applications" ADD COLUMN "status_link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_requests_application_idx" ON "erasure_requests" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "interpreter_applications_retention_idx" ON "interpreter_applications" USING btree ("updated_at") WHERE "interpreter_applications"."keep_on_file_at" is null and "interpreter_applications"."status" <> 'approved';