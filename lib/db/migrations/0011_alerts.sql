CREATE TABLE "alert_events" (
	"id" text PRIMARY KEY NOT NULL,
	"rule_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"condition_key" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"sentence" text NOT NULL,
	"figures" jsonb NOT NULL,
	"links" jsonb NOT NULL,
	"acknowledged_by" text,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"channels" jsonb NOT NULL,
	"cooldown_minutes" integer NOT NULL,
	"muted_until" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_by" text,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_cooldown_check" CHECK ("alert_rules"."cooldown_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_refusals" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"status" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_once_per_window" ON "alert_events" USING btree ("rule_id","condition_key","window_start");--> statement-breakpoint
CREATE INDEX "alert_events_rule_condition_idx" ON "alert_events" USING btree ("rule_id","condition_key","fired_at");--> statement-breakpoint
CREATE INDEX "alert_events_fired_idx" ON "alert_events" USING btree ("fired_at");--> statement-breakpoint
CREATE INDEX "alert_rules_connection_idx" ON "alert_rules" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "alert_rules_owner_idx" ON "alert_rules" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "exchange_refusals_connection_at_idx" ON "exchange_refusals" USING btree ("connection_id","at");