ALTER TABLE "client_requests" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN "at_risk_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN "response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN "response_business_ms" bigint;--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN "breach_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "takes_leads" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_lead_turn" integer;--> statement-breakpoint
ALTER TABLE "client_requests" ADD CONSTRAINT "client_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_requests_awaiting_response_idx" ON "client_requests" USING btree ("response_due_at") WHERE "client_requests"."first_response_at" is null and "client_requests"."response_due_at" is not null;