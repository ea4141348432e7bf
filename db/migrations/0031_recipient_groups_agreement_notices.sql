CREATE TABLE "agreement_ready_notices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"resource_id" uuid,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_ready_notices" ADD CONSTRAINT "agreement_ready_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until this migration the group 'all-clients' ("All Clients") was sent to the contact and
-- demo form's senders (leads). It now means client portal users, and the form's senders are
-- the group 'prospects'. The messages already sent went to those senders: they say so.
UPDATE "messages" SET "recipient_group" = 'prospects', "recipient_label" = 'Prospects (contact form), sent as "All Clients"' WHERE "recipient_group" = 'all-clients';
