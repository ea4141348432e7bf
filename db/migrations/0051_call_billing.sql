CREATE TABLE "call_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"media" text NOT NULL,
	"client_rate_units" integer NOT NULL,
	"interpreter_rate_units" integer NOT NULL,
	"minimum_minutes" integer NOT NULL,
	"increment_minutes" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_rates_valid" CHECK ("call_rates"."client_rate_units" >= 0 and "call_rates"."interpreter_rate_units" >= 0 and "call_rates"."minimum_minutes" >= 1 and "call_rates"."increment_minutes" in (1, 5, 15, 30))
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_one_source";--> statement-breakpoint
ALTER TABLE "statement_lines" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_lines" ALTER COLUMN "rate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "call_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "call_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "call_id" uuid;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "call_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "billable_seconds" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "charge_cents" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "pay_cents" integer;--> statement-breakpoint
ALTER TABLE "call_rates" ADD CONSTRAINT "call_rates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_rates_media_effective_idx" ON "call_rates" USING btree ("media","effective_from");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_call_rate_id_call_rates_id_fk" FOREIGN KEY ("call_rate_id") REFERENCES "public"."call_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_call_rate_id_call_rates_id_fk" FOREIGN KEY ("call_rate_id") REFERENCES "public"."call_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_call" ON "invoice_lines" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_call" ON "statement_lines" USING btree ("call_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_one_source" CHECK (num_nonnulls("invoice_lines"."booking_id", "invoice_lines"."quote_id", "invoice_lines"."call_id") = 1 and ("invoice_lines"."call_id" is null or "invoice_lines"."call_rate_id" is not null));--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_one_source" CHECK (num_nonnulls("statement_lines"."booking_id", "statement_lines"."call_id") = 1 and ("statement_lines"."booking_id" is null or "statement_lines"."rate_id" is not null) and ("statement_lines"."call_id" is null or "statement_lines"."call_rate_id" is not null));--> statement-breakpoint
-- The on-demand rates a new installation starts with (app/domain/call-billing.ts,
-- defaultCallRates), in force from the beginning; staff change them on the Rates screen.
INSERT INTO "call_rates" ("media", "client_rate_units", "interpreter_rate_units", "minimum_minutes", "increment_minutes", "effective_from") VALUES
  ('video', 19500, 6000, 1, 1, '2000-01-01T00:00:00Z'),
  ('audio', 12500, 4000, 1, 1, '2000-01-01T00:00:00Z');