CREATE TABLE "booking_reminders" (
	"booking_id" uuid NOT NULL,
	"reminder" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"interpreter_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_reminder_starts_at_interpreter_id_pk" PRIMARY KEY("booking_id","reminder","starts_at","interpreter_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "requester_reminder_24h" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "requester_reminder_2h" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;