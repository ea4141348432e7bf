-- The openings applicants apply to are job postings (docs/glossary.md): the table, its key,
-- index and the applications' foreign key are renamed, never dropped, so every posting and
-- every application's link to it stays.
ALTER TABLE "jobs" RENAME TO "job_postings";--> statement-breakpoint
ALTER TABLE "job_postings" RENAME CONSTRAINT "jobs_pkey" TO "job_postings_pkey";--> statement-breakpoint
ALTER INDEX "jobs_status_idx" RENAME TO "job_postings_status_idx";--> statement-breakpoint
ALTER TABLE "interpreter_applications" RENAME CONSTRAINT "interpreter_applications_job_id_jobs_id_fk" TO "interpreter_applications_job_id_job_postings_id_fk";
