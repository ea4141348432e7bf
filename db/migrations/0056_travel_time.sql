ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_total";--> statement-breakpoint
ALTER TABLE "client_contracts" ADD COLUMN "travel_rate_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "closeouts" ADD COLUMN "travel_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "travel_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "travel_time_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rates" ADD COLUMN "travel_client_rate_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rates" ADD COLUMN "travel_interpreter_rate_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "travel_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "travel_time_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contracts" ADD CONSTRAINT "client_contracts_travel_time" CHECK ("client_contracts"."travel_rate_units" >= 0);--> statement-breakpoint
ALTER TABLE "closeouts" ADD CONSTRAINT "closeouts_travel_minutes" CHECK ("closeouts"."travel_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_travel_time" CHECK ("invoice_lines"."travel_time_cents" >= 0 and "invoice_lines"."travel_time_cents" <= "invoice_lines"."travel_cents");--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_travel_time" CHECK ("rates"."travel_client_rate_units" >= 0 and "rates"."travel_interpreter_rate_units" >= 0);--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_total" CHECK ("statement_lines"."total_cents" = "statement_lines"."amount_cents" + "statement_lines"."mileage_cents" + "statement_lines"."expenses_cents" + "statement_lines"."travel_time_cents");