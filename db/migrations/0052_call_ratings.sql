CREATE TABLE "call_ratings" (
	"call_id" uuid NOT NULL,
	"rater" text NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"incident" boolean DEFAULT false NOT NULL,
	"rated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	CONSTRAINT "call_ratings_call_id_rater_pk" PRIMARY KEY("call_id","rater"),
	CONSTRAINT "call_ratings_stars_range" CHECK ("call_ratings"."stars" between 1 and 5),
	CONSTRAINT "call_ratings_incident_by_interpreter" CHECK (not "call_ratings"."incident" or "call_ratings"."rater" = 'interpreter')
);
--> statement-breakpoint
ALTER TABLE "call_ratings" ADD CONSTRAINT "call_ratings_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_ratings" ADD CONSTRAINT "call_ratings_rated_by_id_users_id_fk" FOREIGN KEY ("rated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_ratings" ADD CONSTRAINT "call_ratings_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_ratings_queue_idx" ON "call_ratings" USING btree ("created_at") WHERE "call_ratings"."reviewed_at" is null and ("call_ratings"."incident" or ("call_ratings"."rater" = 'client' and "call_ratings"."stars" <= 2));