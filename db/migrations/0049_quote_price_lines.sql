CREATE TABLE "quote_price_lines" (
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer,
	"unit_amount" integer,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "quote_price_lines_quote_id_position_pk" PRIMARY KEY("quote_id","position"),
	CONSTRAINT "quote_price_lines_amount" CHECK ("quote_price_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_price_lines" ADD CONSTRAINT "quote_price_lines_quote_id_translation_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."translation_quotes"("id") ON DELETE cascade ON UPDATE no action;