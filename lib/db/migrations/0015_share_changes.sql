CREATE TABLE "share_link_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_by_email" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "share_link_changes_link_idx" ON "share_link_changes" USING btree ("link_id","changed_at");