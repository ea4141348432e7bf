CREATE TABLE "resource_acknowledgements" (
	"resource_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_acknowledgements_resource_id_user_id_version_pk" PRIMARY KEY("resource_id","user_id","version")
);
--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "audience" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_acknowledgements" ADD CONSTRAINT "resource_acknowledgements_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_acknowledgements" ADD CONSTRAINT "resource_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_acknowledgements_user_idx" ON "resource_acknowledgements" USING btree ("user_id");