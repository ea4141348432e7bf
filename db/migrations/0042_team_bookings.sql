ALTER TABLE "bookings" ADD COLUMN "team_id" uuid;--> statement-breakpoint
CREATE INDEX "bookings_team_idx" ON "bookings" USING btree ("team_id") WHERE "bookings"."team_id" is not null;