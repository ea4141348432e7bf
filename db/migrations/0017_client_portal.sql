CREATE TABLE "client_memberships" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"role" text DEFAULT 'requester' NOT NULL,
	"client_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_files" (
	"booking_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "booking_files_booking_id_file_id_pk" PRIMARY KEY("booking_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "booking_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"interpreter_id" uuid NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"offered_by_id" uuid,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"language" text NOT NULL,
	"modality" text NOT NULL,
	"setting" text NOT NULL,
	"local_date" date NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"notes" text,
	"preferred_interpreter_id" uuid,
	"urgent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"interpreter_id" uuid,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"late_cancellation" boolean DEFAULT false NOT NULL,
	"unfilled_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_duration_range" CHECK ("bookings"."duration_minutes" between 15 and 720)
);
--> statement-breakpoint
CREATE TABLE "translation_quote_files" (
	"quote_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_quote_files_quote_id_file_id_pk" PRIMARY KEY("quote_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "translation_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"source_language" text NOT NULL,
	"target_languages" text[] NOT NULL,
	"deadline" date NOT NULL,
	"certified" boolean DEFAULT false NOT NULL,
	"purchase_order" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"price_cents" integer,
	"price_expires_on" date,
	"priced_by_id" uuid,
	"priced_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_quotes_price" CHECK ("translation_quotes"."price_cents" is null or "translation_quotes"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_client_request_id_client_requests_id_fk" FOREIGN KEY ("client_request_id") REFERENCES "public"."client_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_files" ADD CONSTRAINT "booking_files_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_files" ADD CONSTRAINT "booking_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_offered_by_id_users_id_fk" FOREIGN KEY ("offered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_preferred_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("preferred_interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_quote_files" ADD CONSTRAINT "translation_quote_files_quote_id_translation_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."translation_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_quote_files" ADD CONSTRAINT "translation_quote_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_quotes" ADD CONSTRAINT "translation_quotes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_quotes" ADD CONSTRAINT "translation_quotes_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_quotes" ADD CONSTRAINT "translation_quotes_priced_by_id_users_id_fk" FOREIGN KEY ("priced_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_memberships_organization_idx" ON "client_memberships" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_unique" ON "organizations" USING btree (lower(trim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "booking_offers_one_per_interpreter" ON "booking_offers" USING btree ("booking_id","interpreter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_offers_token_hash" ON "booking_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "booking_offers_interpreter_idx" ON "booking_offers" USING btree ("interpreter_id","status");--> statement-breakpoint
CREATE INDEX "bookings_organization_idx" ON "bookings" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_status_start_idx" ON "bookings" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_interpreter_start_idx" ON "bookings" USING btree ("interpreter_id","starts_at");--> statement-breakpoint
CREATE INDEX "translation_quotes_organization_idx" ON "translation_quotes" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "translation_quotes_status_idx" ON "translation_quotes" USING btree ("status","created_at");