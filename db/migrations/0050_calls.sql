CREATE TABLE "call_rings" (
	"call_id" uuid NOT NULL,
	"interpreter_id" uuid NOT NULL,
	"wave" integer NOT NULL,
	"rang_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "call_rings_call_id_interpreter_id_pk" PRIMARY KEY("call_id","interpreter_id"),
	CONSTRAINT "call_rings_wave" CHECK ("call_rings"."wave" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"language" text NOT NULL,
	"media" text NOT NULL,
	"setting" text NOT NULL,
	"reference" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"interpreter_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	CONSTRAINT "calls_interpreter_when_accepted" CHECK ("calls"."status" not in ('connecting', 'connected') or ("calls"."interpreter_id" is not null and "calls"."accepted_at" is not null)),
	CONSTRAINT "calls_connected_has_time" CHECK ("calls"."status" <> 'connected' or "calls"."connected_at" is not null),
	CONSTRAINT "calls_over_has_end" CHECK ("calls"."status" not in ('ended', 'cancelled', 'unanswered') or "calls"."ended_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "interpreter_call_presence" (
	"interpreter_id" uuid PRIMARY KEY NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"idle_since" timestamp with time zone,
	"missed_in_a_row" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_rings" ADD CONSTRAINT "call_rings_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_rings" ADD CONSTRAINT "call_rings_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_call_presence" ADD CONSTRAINT "interpreter_call_presence_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_rings_one_live_per_interpreter_idx" ON "call_rings" USING btree ("interpreter_id") WHERE "call_rings"."outcome" is null;--> statement-breakpoint
CREATE INDEX "calls_organization_idx" ON "calls" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_interpreter_idx" ON "calls" USING btree ("interpreter_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_open_idx" ON "calls" USING btree ("started_at") WHERE "calls"."status" in ('waiting', 'connecting', 'connected');--> statement-breakpoint
CREATE UNIQUE INDEX "calls_one_per_interpreter_idx" ON "calls" USING btree ("interpreter_id") WHERE "calls"."status" in ('connecting', 'connected');--> statement-breakpoint
CREATE INDEX "interpreter_call_presence_available_idx" ON "interpreter_call_presence" USING btree ("last_seen_at") WHERE "interpreter_call_presence"."available";