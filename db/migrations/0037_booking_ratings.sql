CREATE TABLE "booking_ratings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"interpreter_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"rated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	CONSTRAINT "booking_ratings_stars_range" CHECK ("booking_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_rated_by_id_users_id_fk" FOREIGN KEY ("rated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_ratings_interpreter_idx" ON "booking_ratings" USING btree ("interpreter_id","stars");--> statement-breakpoint
CREATE INDEX "booking_ratings_low_unreviewed_idx" ON "booking_ratings" USING btree ("created_at","booking_id") WHERE "booking_ratings"."stars" <= 2 and "booking_ratings"."reviewed_at" is null;