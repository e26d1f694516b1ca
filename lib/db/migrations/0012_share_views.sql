CREATE TABLE "share_link_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_link_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"link_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"browser" text NOT NULL,
	"address_hash" text NOT NULL,
	CONSTRAINT "share_link_views_kind_check" CHECK ("share_link_views"."kind" in ('page', 'embed', 'data', 'csv', 'pdf'))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "share_link_views" ADD CONSTRAINT "share_link_views_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_views_link_at_idx" ON "share_link_views" USING btree ("link_id","viewed_at");--> statement-breakpoint
CREATE INDEX "share_link_views_at_idx" ON "share_link_views" USING btree ("viewed_at");