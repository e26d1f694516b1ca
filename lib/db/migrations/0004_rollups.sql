CREATE TABLE "commission_daily" (
	"connection_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"coin" text NOT NULL,
	"product_type" text NOT NULL,
	"source_type" smallint NOT NULL,
	"symbol" text NOT NULL,
	"rate" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"taker_amount" numeric NOT NULL,
	"maker_amount" numeric NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "commission_daily_pk" PRIMARY KEY("connection_id","day","coin","product_type","source_type","symbol","rate")
);
--> statement-breakpoint
CREATE TABLE "commission_uid_coin_monthly" (
	"connection_id" text NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"uid" text NOT NULL,
	"coin" text NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"volume" numeric NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "commission_uid_coin_monthly_pk" PRIMARY KEY("connection_id","month","uid","coin")
);
--> statement-breakpoint
CREATE TABLE "commission_uid_monthly" (
	"connection_id" text NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"uid" text NOT NULL,
	"coin" text NOT NULL,
	"product_type" text NOT NULL,
	"source_type" smallint NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"volume" numeric NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "commission_uid_monthly_pk" PRIMARY KEY("connection_id","month","uid","coin","product_type","source_type")
);
--> statement-breakpoint
CREATE INDEX "commission_daily_empty_idx" ON "commission_daily" USING btree ("connection_id") WHERE items = 0;--> statement-breakpoint
CREATE INDEX "commission_uid_coin_monthly_uid_idx" ON "commission_uid_coin_monthly" USING btree ("connection_id","uid","month");--> statement-breakpoint
CREATE INDEX "commission_uid_coin_monthly_empty_idx" ON "commission_uid_coin_monthly" USING btree ("connection_id") WHERE items = 0;--> statement-breakpoint
CREATE INDEX "commission_uid_monthly_empty_idx" ON "commission_uid_monthly" USING btree ("connection_id") WHERE items = 0;