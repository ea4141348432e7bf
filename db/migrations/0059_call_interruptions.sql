ALTER TABLE "calls" ADD COLUMN "client_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "interpreter_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "interrupted_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_interrupted_seconds_not_negative" CHECK ("calls"."interrupted_seconds" >= 0);