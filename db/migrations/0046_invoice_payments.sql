CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_positive" CHECK ("invoice_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "purchase_order" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD COLUMN "issued_on" date;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD COLUMN "purchase_order" text;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD COLUMN "overdue_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","received_on");--> statement-breakpoint
CREATE INDEX "client_invoices_due_idx" ON "client_invoices" USING btree ("status","due_on");--> statement-breakpoint
-- Invoices sent before due dates existed: issued the day they were sent (the office's
-- default zone), on the default terms of net 30.
UPDATE "client_invoices" SET "issued_on" = ("sent_at" AT TIME ZONE 'America/New_York')::date,
  "due_on" = ("sent_at" AT TIME ZONE 'America/New_York')::date + 30
  WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
-- Invoices marked paid before payments were recorded: one payment of their whole total on the
-- day they were marked paid, so that their balance is zero like every paid invoice's.
INSERT INTO "invoice_payments" ("invoice_id", "amount_cents", "received_on", "method", "reference", "recorded_by_id", "created_at")
  SELECT i."id", sum(l."total_cents"), (i."paid_at" AT TIME ZONE 'America/New_York')::date, 'other',
    'Marked paid before payments were recorded', i."paid_by_id", i."paid_at"
  FROM "client_invoices" i JOIN "invoice_lines" l ON l."invoice_id" = i."id"
  WHERE i."status" = 'paid' AND i."paid_at" IS NOT NULL
  GROUP BY i."id" HAVING sum(l."total_cents") > 0;
