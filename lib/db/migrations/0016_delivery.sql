CREATE TABLE "delivery_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"channel" text NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL,
	"worker" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_attempts_outcome_check" CHECK ("delivery_attempts"."outcome" in ('sent', 'retry', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_addresses" text NOT NULL,
	"subject" text NOT NULL,
	"attachment_count" integer NOT NULL,
	"raw" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_outbox_delivery_id_unique" UNIQUE("delivery_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"owner_email" text NOT NULL,
	"label" text NOT NULL,
	"url_enc" text NOT NULL,
	"url_hint" text NOT NULL,
	"secret_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"secret_rotated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "delivery_attempts_delivery_idx" ON "delivery_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "mail_outbox_owner_created_idx" ON "mail_outbox" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_owner_idx" ON "webhook_endpoints" USING btree ("owner_user_id");