CREATE TABLE "call_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interpreter_call_presence" ADD COLUMN "instance_id" uuid;