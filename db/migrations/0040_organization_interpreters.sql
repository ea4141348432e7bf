CREATE TABLE "organization_interpreters" (
	"organization_id" uuid NOT NULL,
	"interpreter_id" uuid NOT NULL,
	"preference" text NOT NULL,
	"set_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_interpreters_organization_id_interpreter_id_pk" PRIMARY KEY("organization_id","interpreter_id")
);
--> statement-breakpoint
ALTER TABLE "organization_interpreters" ADD CONSTRAINT "organization_interpreters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_interpreters" ADD CONSTRAINT "organization_interpreters_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_interpreters" ADD CONSTRAINT "organization_interpreters_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;