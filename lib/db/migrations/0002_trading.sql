CREATE TABLE "order_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"state" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_intents_state_check" CHECK ("order_intents"."state" in ('PENDING', 'PLACED', 'REJECTED', 'UNKNOWN'))
);
--> statement-breakpoint
CREATE TABLE "trade_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"connection_id" text NOT NULL,
	"action" text NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_intents_connection_key_unique" ON "order_intents" USING btree ("connection_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_intents_connection_client_order_idx" ON "order_intents" USING btree ("connection_id","client_order_id");--> statement-breakpoint
CREATE INDEX "trade_audit_at_idx" ON "trade_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "trade_audit_connection_at_idx" ON "trade_audit" USING btree ("connection_id","at");