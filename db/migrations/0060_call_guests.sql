CREATE TABLE "call_guests" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"link_hash" text NOT NULL,
	"key_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "call_guests_link_hash_unique" UNIQUE("link_hash"),
	CONSTRAINT "call_guests_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "call_signals" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "call_guests" ADD CONSTRAINT "call_guests_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;