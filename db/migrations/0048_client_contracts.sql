CREATE TABLE "client_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"modality" text NOT NULL,
	"client_rate_units" integer NOT NULL,
	"minimum_minutes" integer NOT NULL,
	"increment_minutes" integer NOT NULL,
	"rare_language_premium_percent" integer NOT NULL,
	"rush_premium_percent" integer NOT NULL,
	"after_hours_premium_percent" integer NOT NULL,
	"cancellation_window_hours" integer NOT NULL,
	"late_cancellation_fee_cents" integer,
	"mileage_cents_per_mile" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_contracts_valid" CHECK ("client_contracts"."client_rate_units" >= 0 and "client_contracts"."minimum_minutes" >= 1 and "client_contracts"."increment_minutes" in (1, 5, 15, 30) and "client_contracts"."rare_language_premium_percent" >= 0 and "client_contracts"."rush_premium_percent" >= 0 and "client_contracts"."after_hours_premium_percent" >= 0 and "client_contracts"."cancellation_window_hours" >= 0 and coalesce("client_contracts"."late_cancellation_fee_cents", 0) >= 0 and "client_contracts"."mileage_cents_per_mile" >= 0)
);
--> statement-breakpoint
CREATE TABLE "interpreter_pay_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interpreter_id" uuid,
	"language" text,
	"modality" text NOT NULL,
	"rate_units" integer,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interpreter_pay_rates_valid" CHECK (num_nonnulls("interpreter_pay_rates"."interpreter_id", "interpreter_pay_rates"."language") >= 1 and coalesce("interpreter_pay_rates"."rate_units", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_total";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "premiums" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "premium_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "rate_source" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contracts" ADD CONSTRAINT "client_contracts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contracts" ADD CONSTRAINT "client_contracts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_pay_rates" ADD CONSTRAINT "interpreter_pay_rates_interpreter_id_interpreter_profiles_id_fk" FOREIGN KEY ("interpreter_id") REFERENCES "public"."interpreter_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_pay_rates" ADD CONSTRAINT "interpreter_pay_rates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_contracts_in_force_idx" ON "client_contracts" USING btree ("organization_id","modality","effective_from");--> statement-breakpoint
CREATE INDEX "interpreter_pay_rates_in_force_idx" ON "interpreter_pay_rates" USING btree ("modality","effective_from");--> statement-breakpoint
CREATE INDEX "interpreter_pay_rates_interpreter_idx" ON "interpreter_pay_rates" USING btree ("interpreter_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_contract_id_client_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."client_contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_total" CHECK ("invoice_lines"."total_cents" = "invoice_lines"."amount_cents" + "invoice_lines"."premium_cents" + "invoice_lines"."travel_cents");