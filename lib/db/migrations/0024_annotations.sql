CREATE TABLE "annotation_log" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"annotation_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_log_action_check" CHECK ("annotation_log"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "annotations" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"day" date NOT NULL,
	"text" text NOT NULL,
	"invite_code" text,
	"sub_affiliate_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "annotations_text_check" CHECK (char_length("annotations"."text") between 1 and 280)
);
--> statement-breakpoint
CREATE TABLE "share_link_annotations" (
	"link_id" text NOT NULL,
	"annotation_id" text NOT NULL,
	CONSTRAINT "share_link_annotations_link_id_annotation_id_pk" PRIMARY KEY("link_id","annotation_id")
);
--> statement-breakpoint
CREATE INDEX "annotation_log_annotation_idx" ON "annotation_log" USING btree ("annotation_id","at");--> statement-breakpoint
CREATE INDEX "annotations_day_idx" ON "annotations" USING btree ("connection_id","day");--> statement-breakpoint
CREATE INDEX "share_link_annotations_annotation_idx" ON "share_link_annotations" USING btree ("annotation_id");