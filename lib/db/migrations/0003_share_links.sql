CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"connection_id" text NOT NULL,
	"report" text NOT NULL,
	"scope" jsonb NOT NULL,
	"mode" text NOT NULL,
	"snapshot" jsonb,
	"label" text NOT NULL,
	"password_hash" text,
	"redact_uids" boolean DEFAULT false NOT NULL,
	"percentages" boolean DEFAULT false NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_by_email" text NOT NULL,
	"view_count" bigint DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_mode_check" CHECK ("share_links"."mode" in ('live', 'snapshot'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_unique" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_created_idx" ON "share_links" USING btree ("created_at");