CREATE TABLE "interpreter_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"interpreting_experience" text NOT NULL,
	"medical_experience" text,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interpreter_profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD CONSTRAINT "interpreter_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD CONSTRAINT "interpreter_profiles_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interpreter_profiles_application_idx" ON "interpreter_profiles" USING btree ("application_id");