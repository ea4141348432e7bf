ALTER TABLE "calls" ADD COLUMN "resumes_call_id" uuid;--> statement-breakpoint
ALTER TABLE "interpreter_call_presence" ADD COLUMN "gone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_resumes_call_id_calls_id_fk" FOREIGN KEY ("resumes_call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;