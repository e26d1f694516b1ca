CREATE TABLE "invitee_follow_ups" (
	"connection_id" text NOT NULL,
	"uid" text NOT NULL,
	"state" text NOT NULL,
	"contacted_on" date,
	"due_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "invitee_follow_ups_connection_id_uid_pk" PRIMARY KEY("connection_id","uid"),
	CONSTRAINT "invitee_follow_ups_state_check" CHECK ("invitee_follow_ups"."state" in ('to_contact', 'contacted', 'replied', 'not_interested'))
);
--> statement-breakpoint
CREATE TABLE "invitee_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"uid" text NOT NULL,
	"body" text NOT NULL,
	"author_user_id" text NOT NULL,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text,
	CONSTRAINT "invitee_notes_body_check" CHECK (char_length("invitee_notes"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "invitee_tag_assignments" (
	"connection_id" text NOT NULL,
	"uid" text NOT NULL,
	"tag_id" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by_email" text NOT NULL,
	CONSTRAINT "invitee_tag_assignments_connection_id_uid_tag_id_pk" PRIMARY KEY("connection_id","uid","tag_id")
);
--> statement-breakpoint
CREATE TABLE "invitee_tags" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_email" text NOT NULL,
	CONSTRAINT "invitee_tags_name_check" CHECK (char_length("invitee_tags"."name") between 1 and 40),
	CONSTRAINT "invitee_tags_color_check" CHECK ("invitee_tags"."color" in ('slate', 'blue', 'green', 'amber', 'red', 'violet', 'pink', 'teal'))
);
--> statement-breakpoint
CREATE TABLE "invitee_work_log" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"uid" text,
	"actor_user_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitee_work_log_action_check" CHECK ("invitee_work_log"."action" in ('note.create', 'note.update', 'note.delete', 'tags.set', 'tags.bulk', 'follow_up.set', 'follow_up.clear', 'tag.create', 'tag.update', 'tag.merge', 'tag.delete'))
);
--> statement-breakpoint
ALTER TABLE "invitee_tag_assignments" ADD CONSTRAINT "invitee_tag_assignments_tag_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."invitee_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitee_follow_ups_state_idx" ON "invitee_follow_ups" USING btree ("connection_id","state");--> statement-breakpoint
CREATE INDEX "invitee_notes_uid_idx" ON "invitee_notes" USING btree ("connection_id","uid","created_at");--> statement-breakpoint
CREATE INDEX "invitee_tag_assignments_tag_idx" ON "invitee_tag_assignments" USING btree ("connection_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitee_tags_name_unique" ON "invitee_tags" USING btree ("connection_id",lower("name"));--> statement-breakpoint
CREATE INDEX "invitee_work_log_uid_at_idx" ON "invitee_work_log" USING btree ("connection_id","uid","at");