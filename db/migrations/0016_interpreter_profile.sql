CREATE TABLE "interpreter_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"day" text NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	CONSTRAINT "interpreter_availability_order" CHECK ("interpreter_availability"."starts_at" < "interpreter_availability"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "interpreter_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interpreter_time_off_order" CHECK ("interpreter_time_off"."starts_on" <= "interpreter_time_off"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "interpreter_profile_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"languages" jsonb NOT NULL,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD COLUMN "language_proficiency" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD COLUMN "modalities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD COLUMN "travel_radius_miles" integer;--> statement-breakpoint
ALTER TABLE "interpreter_availability" ADD CONSTRAINT "interpreter_availability_profile_id_interpreter_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_time_off" ADD CONSTRAINT "interpreter_time_off_profile_id_interpreter_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_profile_changes" ADD CONSTRAINT "interpreter_profile_changes_profile_id_interpreter_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_profile_changes" ADD CONSTRAINT "interpreter_profile_changes_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interpreter_availability_profile_idx" ON "interpreter_availability" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "interpreter_time_off_profile_idx" ON "interpreter_time_off" USING btree ("profile_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "interpreter_profile_changes_one_pending" ON "interpreter_profile_changes" USING btree ("profile_id") WHERE "interpreter_profile_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "interpreter_profile_changes_status_idx" ON "interpreter_profile_changes" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD CONSTRAINT "interpreter_profiles_travel_radius_range" CHECK ("interpreter_profiles"."travel_radius_miles" between 0 and 500);