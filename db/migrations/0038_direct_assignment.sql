ALTER TABLE "booking_offers" ADD COLUMN "assigned_directly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD COLUMN "override_reason" text;