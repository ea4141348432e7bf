-- The staff member who entered a booking for a client (by phone or e-mail); null when the
-- client booked in the portal.
ALTER TABLE "bookings" ADD COLUMN "entered_by_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
