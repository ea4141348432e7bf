CREATE TABLE "booking_mail_windows" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "staff_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_mail_windows" ADD CONSTRAINT "booking_mail_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_staff_digest_idx" ON "bookings" USING btree ("staff_digest_at") WHERE "bookings"."staff_digest_at" is not null;