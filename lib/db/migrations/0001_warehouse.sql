CREATE TABLE "commission_items" (
	"connection_id" text NOT NULL,
	"uid" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"coin" text NOT NULL,
	"product_type" text NOT NULL,
	"symbol" text NOT NULL,
	"source_type" smallint NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"taker_amount" numeric NOT NULL,
	"maker_amount" numeric NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_items_connection_id_uid_day_coin_product_type_symbol_pk" PRIMARY KEY("connection_id","uid","day","coin","product_type","symbol")
);
--> statement-breakpoint
CREATE TABLE "invited_users" (
	"connection_id" text NOT NULL,
	"uid" text NOT NULL,
	"register_time" timestamp with time zone NOT NULL,
	"kyc_result" boolean NOT NULL,
	"invite_code" text NOT NULL,
	"first_deposit" timestamp with time zone,
	"last_deposit" timestamp with time zone,
	"first_trade" timestamp with time zone,
	"last_trade" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invited_users_connection_id_uid_pk" PRIMARY KEY("connection_id","uid")
);
--> statement-breakpoint
CREATE TABLE "sub_affiliate_daily" (
	"connection_id" text NOT NULL,
	"sub_affiliate_uid" text NOT NULL,
	"product_type" text NOT NULL,
	"day" date NOT NULL,
	"trading_volume" numeric NOT NULL,
	"net_trading_fee" numeric NOT NULL,
	"paid_commission" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_affiliate_daily_connection_id_sub_affiliate_uid_product_type_day_pk" PRIMARY KEY("connection_id","sub_affiliate_uid","product_type","day")
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"connection_id" text NOT NULL,
	"report" text NOT NULL,
	"covered_from" bigint,
	"covered_to" bigint,
	"backfill_done" boolean DEFAULT false NOT NULL,
	"progress" jsonb,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"rows_added" bigint DEFAULT 0 NOT NULL,
	"rows_changed" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_state_connection_id_report_pk" PRIMARY KEY("connection_id","report")
);
--> statement-breakpoint
CREATE TABLE "trade_asset_daily" (
	"connection_id" text NOT NULL,
	"uid" text NOT NULL,
	"day" date NOT NULL,
	"deposit_amount" numeric NOT NULL,
	"withdrawal_amount" numeric NOT NULL,
	"spot_trading_amount" numeric NOT NULL,
	"futures_trading_amount" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_asset_daily_connection_id_uid_day_pk" PRIMARY KEY("connection_id","uid","day")
);
--> statement-breakpoint
CREATE INDEX "commission_items_day_idx" ON "commission_items" USING btree ("connection_id","day");--> statement-breakpoint
CREATE INDEX "commission_items_uid_day_idx" ON "commission_items" USING btree ("connection_id","uid","day");--> statement-breakpoint
CREATE INDEX "invited_users_register_idx" ON "invited_users" USING btree ("connection_id","register_time");--> statement-breakpoint
CREATE INDEX "sub_affiliate_daily_day_idx" ON "sub_affiliate_daily" USING btree ("connection_id","day");--> statement-breakpoint
CREATE INDEX "trade_asset_daily_day_idx" ON "trade_asset_daily" USING btree ("connection_id","day");