ALTER TABLE "interpreter_profiles" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_gender" text;