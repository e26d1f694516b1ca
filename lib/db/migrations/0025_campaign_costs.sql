CREATE TABLE "campaign_cost_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"cost_id" text NOT NULL,
	"invite_code" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"by_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_cost_changes_action_check" CHECK ("campaign_cost_changes"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "campaign_costs" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"invite_code" text NOT NULL,
	"day" date NOT NULL,
	"amount" numeric NOT NULL,
	"coin" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "campaign_costs_amount_check" CHECK ("campaign_costs"."amount" > 0 and "campaign_costs"."amount" <> 'NaN'::numeric),
	CONSTRAINT "campaign_costs_note_check" CHECK (char_length("campaign_costs"."note") <= 280),
	CONSTRAINT "campaign_costs_coin_check" CHECK ("campaign_costs"."coin" ~ '^[A-Z0-9]{2,12}$')
);
--> statement-breakpoint
CREATE INDEX "campaign_cost_changes_code_idx" ON "campaign_cost_changes" USING btree ("connection_id","invite_code","at");--> statement-breakpoint
CREATE INDEX "campaign_costs_code_idx" ON "campaign_costs" USING btree ("connection_id","invite_code","day");