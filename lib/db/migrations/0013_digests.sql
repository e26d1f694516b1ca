CREATE TABLE "digest_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"digest_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"figures" jsonb,
	"share_link_id" text,
	"skip_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "digest_runs_status_check" CHECK ("digest_runs"."status" in ('running', 'queued', 'skipped', 'failed')),
	CONSTRAINT "digest_runs_kind_check" CHECK ("digest_runs"."kind" in ('scheduled', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "digests" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"report" text NOT NULL,
	"scope" jsonb NOT NULL,
	"redact_uids" boolean DEFAULT false NOT NULL,
	"percentages" boolean DEFAULT false NOT NULL,
	"label" text NOT NULL,
	"schedule_kind" text NOT NULL,
	"weekday" smallint,
	"day_of_month" smallint,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"mail_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhook_endpoint_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skip_when_empty" boolean DEFAULT false NOT NULL,
	"skip_when_unchanged" boolean DEFAULT false NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"next_due_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digests_schedule_check" CHECK ("digests"."schedule_kind" in ('daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_digest_id_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_runs_due_unique" ON "digest_runs" USING btree ("digest_id","due_at");--> statement-breakpoint
CREATE INDEX "digest_runs_status_idx" ON "digest_runs" USING btree ("status","lease_until");--> statement-breakpoint
CREATE INDEX "digests_due_idx" ON "digests" USING btree ("next_due_at");--> statement-breakpoint
CREATE INDEX "digests_owner_idx" ON "digests" USING btree ("owner_user_id");