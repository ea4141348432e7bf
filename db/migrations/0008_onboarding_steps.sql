CREATE TABLE "onboarding_steps_done" (
	"application_id" uuid NOT NULL,
	"step" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by_id" uuid,
	"completed_by_name" text NOT NULL,
	CONSTRAINT "onboarding_steps_done_application_id_step_pk" PRIMARY KEY("application_id","step")
);
--> statement-breakpoint
ALTER TABLE "onboarding_steps_done" ADD CONSTRAINT "onboarding_steps_done_application_id_interpreter_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."interpreter_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps_done" ADD CONSTRAINT "onboarding_steps_done_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;