CREATE TABLE "target_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"target_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"by_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "target_changes_action_check" CHECK ("target_changes"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE INDEX "target_changes_connection_idx" ON "target_changes" USING btree ("connection_id","id");