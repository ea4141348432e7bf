CREATE TABLE "client_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"organization_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sent_by_id" uuid,
	"sent_at" timestamp with time zone,
	"paid_by_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closeout_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"receipt_file_id" uuid NOT NULL,
	CONSTRAINT "closeout_expenses_amount" CHECK ("closeout_expenses"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "closeout_reminders" (
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closeout_reminders_booking_id_kind_pk" PRIMARY KEY("booking_id","kind")
);
--> statement-breakpoint
CREATE TABLE "closeouts" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"interpreter_id" uuid NOT NULL,
	"actual_start" timestamp with time zone NOT NULL,
	"actual_end" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"mileage_tenths" integer DEFAULT 0 NOT NULL,
	"note" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"return_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "closeouts_end_after_start" CHECK ("closeouts"."actual_end" >= "closeouts"."actual_start"),
	CONSTRAINT "closeouts_mileage" CHECK ("closeouts"."mileage_tenths" >= 0)
);
--> statement-breakpoint
CREATE TABLE "interpreter_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interpreter_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone,
	"paid_by_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"booking_id" uuid,
	"quote_id" uuid,
	"rate_id" uuid,
	"work_date" date NOT NULL,
	"description" text NOT NULL,
	"minutes" integer,
	"rate_units" integer,
	"amount_cents" integer NOT NULL,
	"travel_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_one_source" CHECK (num_nonnulls("invoice_lines"."booking_id", "invoice_lines"."quote_id") = 1),
	CONSTRAINT "invoice_lines_total" CHECK ("invoice_lines"."total_cents" = "invoice_lines"."amount_cents" + "invoice_lines"."travel_cents")
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"modality" text NOT NULL,
	"client_rate_units" integer NOT NULL,
	"interpreter_rate_units" integer NOT NULL,
	"minimum_minutes" integer NOT NULL,
	"mileage_cents_per_mile" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_non_negative" CHECK ("rates"."client_rate_units" >= 0 and "rates"."interpreter_rate_units" >= 0 and "rates"."minimum_minutes" >= 1 and "rates"."mileage_cents_per_mile" >= 0)
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"rate_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"description" text NOT NULL,
	"minutes" integer NOT NULL,
	"rate_units" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"mileage_cents" integer NOT NULL,
	"expenses_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "statement_lines_total" CHECK ("statement_lines"."total_cents" = "statement_lines"."amount_cents" + "statement_lines"."mileage_cents" + "statement_lines"."expenses_cents")
);
--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closeout_expenses" ADD CONSTRAINT "closeout_expenses_booking_id_closeouts_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."closeouts"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closeout_expenses" ADD CONSTRAINT "closeout_expenses_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closeout_reminders" ADD CONSTRAINT "closeout_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closeouts" ADD CONSTRAINT "closeouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closeouts" ADD CONSTRAINT "closeouts_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closeouts" ADD CONSTRAINT "closeouts_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_statements" ADD CONSTRAINT "interpreter_statements_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_statements" ADD CONSTRAINT "interpreter_statements_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_statements" ADD CONSTRAINT "interpreter_statements_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_quote_id_translation_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."translation_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_interpreter_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."interpreter_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_period" ON "client_invoices" USING btree ("organization_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_number" ON "client_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "client_invoices_period_idx" ON "client_invoices" USING btree ("period_start","status");--> statement-breakpoint
CREATE INDEX "closeout_expenses_booking_idx" ON "closeout_expenses" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "closeouts_status_idx" ON "closeouts" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "closeouts_interpreter_idx" ON "closeouts" USING btree ("interpreter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interpreter_statements_period" ON "interpreter_statements" USING btree ("interpreter_id","period_start");--> statement-breakpoint
CREATE INDEX "interpreter_statements_period_idx" ON "interpreter_statements" USING btree ("period_start","status");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_booking" ON "invoice_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_quote" ON "invoice_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","work_date");--> statement-breakpoint
CREATE INDEX "rates_modality_effective_idx" ON "rates" USING btree ("modality","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_booking" ON "statement_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "statement_lines_statement_idx" ON "statement_lines" USING btree ("statement_id","work_date");--> statement-breakpoint
-- The rates a new installation starts with (app/domain/billing.ts, defaultRates), in force
-- from the beginning; staff change them on the Rates screen, which adds rows.
INSERT INTO "rates" ("modality", "client_rate_units", "interpreter_rate_units", "minimum_minutes", "mileage_cents_per_mile", "effective_from") VALUES
  ('on_site', 11667, 7500, 120, 70, '2000-01-01T00:00:00Z'),
  ('video', 3500, 2000, 30, 0, '2000-01-01T00:00:00Z'),
  ('phone', 2500, 1500, 1, 0, '2000-01-01T00:00:00Z');
