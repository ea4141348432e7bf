CREATE TABLE "connect_time_publication" (
	"id" text PRIMARY KEY DEFAULT 'services' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"median_tenths" integer,
	"calls" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connect_time_publication_figure" CHECK (coalesce("connect_time_publication"."median_tenths", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "connect_time_publication" ADD CONSTRAINT "connect_time_publication_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;