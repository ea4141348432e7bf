ALTER TABLE "call_rates" DROP CONSTRAINT "call_rates_valid";--> statement-breakpoint
ALTER TABLE "call_rates" ALTER COLUMN "interpreter_rate_units" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rates" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "call_rates" ADD CONSTRAINT "call_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_rates_organization_idx" ON "call_rates" USING btree ("organization_id","media","effective_from");--> statement-breakpoint
ALTER TABLE "call_rates" ADD CONSTRAINT "call_rates_pay_on_defaults" CHECK (("call_rates"."organization_id" is null) = ("call_rates"."interpreter_rate_units" is not null));--> statement-breakpoint
ALTER TABLE "call_rates" ADD CONSTRAINT "call_rates_valid" CHECK ("call_rates"."client_rate_units" >= 0 and coalesce("call_rates"."interpreter_rate_units", 0) >= 0 and "call_rates"."minimum_minutes" >= 1 and "call_rates"."increment_minutes" in (1, 5, 15, 30));