CREATE TABLE "saved_view_log" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"saved_view_id" text NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_view_log_action_check" CHECK ("saved_view_log"."action" in ('create', 'rename', 'update', 'visibility', 'pin', 'unpin', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"owner_email" text NOT NULL,
	"name" text NOT NULL,
	"report" text NOT NULL,
	"query" text NOT NULL,
	"visibility" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_name_check" CHECK (char_length("saved_views"."name") between 1 and 120),
	CONSTRAINT "saved_views_visibility_check" CHECK ("saved_views"."visibility" in ('private', 'team'))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "saved_view_id" text;--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "saved_view_id" text;--> statement-breakpoint
CREATE INDEX "saved_view_log_view_idx" ON "saved_view_log" USING btree ("saved_view_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_private_name_unique" ON "saved_views" USING btree ("connection_id","owner_user_id",lower("name")) WHERE "saved_views"."visibility" = 'private';--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_team_name_unique" ON "saved_views" USING btree ("connection_id",lower("name")) WHERE "saved_views"."visibility" = 'team';--> statement-breakpoint
CREATE INDEX "saved_views_owner_idx" ON "saved_views" USING btree ("connection_id","owner_user_id");