CREATE TABLE "targets" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"starts" text,
	"value" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "targets_kind_check" CHECK ("targets"."kind" in ('target', 'tier')),
	CONSTRAINT "targets_period_check" CHECK ("targets"."period" in ('month', 'quarter')),
	CONSTRAINT "targets_value_check" CHECK ("targets"."value" > 0 and "targets"."value" <> 'NaN'::numeric),
	CONSTRAINT "targets_starts_check" CHECK (("targets"."kind" = 'tier' and "targets"."starts" is null) or ("targets"."kind" = 'target' and "targets"."starts" is not null)),
	CONSTRAINT "targets_tier_name_check" CHECK ("targets"."kind" = 'target' or char_length("targets"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "targets_one_per_period" ON "targets" USING btree ("connection_id","metric","period","starts") WHERE "targets"."kind" = 'target';--> statement-breakpoint
CREATE UNIQUE INDEX "targets_tier_name_unique" ON "targets" USING btree ("connection_id",lower("name")) WHERE "targets"."kind" = 'tier';--> statement-breakpoint
CREATE INDEX "targets_connection_idx" ON "targets" USING btree ("connection_id");