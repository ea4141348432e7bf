ALTER TABLE "interpreter_applications" ALTER COLUMN "resume_file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "interpreter_documents" ALTER COLUMN "file_id" DROP NOT NULL;