CREATE TABLE "commission_day" (
	"connection_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"coin" text NOT NULL,
	"product_type" text NOT NULL,
	"source_type" smallint NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"taker_amount" numeric NOT NULL,
	"maker_amount" numeric NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "commission_day_pk" PRIMARY KEY("connection_id","day","coin","product_type","source_type")
);
--> statement-breakpoint
CREATE TABLE "commission_day_rate" (
	"connection_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"coin" text NOT NULL,
	"product_type" text NOT NULL,
	"source_type" smallint NOT NULL,
	"rate" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"taker_amount" numeric NOT NULL,
	"maker_amount" numeric NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "commission_day_rate_pk" PRIMARY KEY("connection_id","day","coin","product_type","source_type","rate")
);
--> statement-breakpoint
CREATE TABLE "commission_day_symbol" (
	"connection_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"coin" text NOT NULL,
	"product_type" text NOT NULL,
	"source_type" smallint NOT NULL,
	"symbol" text NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"taker_amount" numeric NOT NULL,
	"maker_amount" numeric NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "commission_day_symbol_pk" PRIMARY KEY("connection_id","day","coin","product_type","source_type","symbol")
);
--> statement-breakpoint
CREATE TABLE "commission_uid_day" (
	"connection_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"uid" text NOT NULL,
	"coin" text NOT NULL,
	"fee" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"volume" numeric NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "commission_uid_day_pk" PRIMARY KEY("connection_id","day","uid","coin")
);
--> statement-breakpoint
CREATE TABLE "trade_asset_day" (
	"connection_id" text NOT NULL,
	"day" date NOT NULL,
	"deposit_amount" numeric NOT NULL,
	"withdrawal_amount" numeric NOT NULL,
	"spot_trading_amount" numeric NOT NULL,
	"futures_trading_amount" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"invitees" bigint NOT NULL,
	CONSTRAINT "trade_asset_day_pk" PRIMARY KEY("connection_id","day")
);
--> statement-breakpoint
CREATE TABLE "trade_asset_uid_monthly" (
	"connection_id" text NOT NULL,
	"month" date NOT NULL,
	"uid" text NOT NULL,
	"deposit_amount" numeric NOT NULL,
	"withdrawal_amount" numeric NOT NULL,
	"spot_trading_amount" numeric NOT NULL,
	"futures_trading_amount" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"days" bigint NOT NULL,
	CONSTRAINT "trade_asset_uid_monthly_pk" PRIMARY KEY("connection_id","month","uid")
);
--> statement-breakpoint
CREATE INDEX "commission_day_empty_idx" ON "commission_day" USING btree ("connection_id") WHERE items = 0;--> statement-breakpoint
CREATE INDEX "commission_day_rate_empty_idx" ON "commission_day_rate" USING btree ("connection_id") WHERE items = 0;--> statement-breakpoint
CREATE INDEX "commission_day_symbol_empty_idx" ON "commission_day_symbol" USING btree ("connection_id") WHERE items = 0;--> statement-breakpoint
CREATE INDEX "commission_uid_day_empty_idx" ON "commission_uid_day" USING btree ("connection_id") WHERE items = 0;--> statement-breakpoint
CREATE INDEX "trade_asset_day_empty_idx" ON "trade_asset_day" USING btree ("connection_id") WHERE invitees = 0;--> statement-breakpoint
CREATE INDEX "trade_asset_uid_monthly_uid_idx" ON "trade_asset_uid_monthly" USING btree ("connection_id","uid","month");--> statement-breakpoint
CREATE INDEX "trade_asset_uid_monthly_empty_idx" ON "trade_asset_uid_monthly" USING btree ("connection_id") WHERE days = 0;--> statement-breakpoint
-- commission_daily (0004) kept every day × coin × product × source × symbol × rate: 156 k rows for the sandbox
-- world at a million items, because rates vary. No report needs symbol and rate together, so it becomes three
-- narrower rollups (commission_day: 3 k rows there; commission_day_symbol; commission_day_rate), and the edges of
-- per-invitee ranges get a day rollup per invitee and coin (commission_uid_day). trade_asset_daily
-- gets two (per invitee and month; per day). All are kept exact by the statement-level triggers below, in the
-- writer's own transaction, as 0005 explains; rollup_upsert_sql is the one place their upsert is written.
--
-- rollup_upsert_sql: the statement adding a signed delta (rows of `delta`, each with a `sign` of +1 or -1) to
-- `target`, grouped by key_exprs into the key columns keys, summing sign * sum_exprs into sums and sign into
-- count_column. Keys whose delta is all zeros (a re-read of unchanged rows) are not written; rows are written in
-- key order so concurrent writers lock them in the same order. It returns the text for the trigger function to
-- EXECUTE: the transition tables are visible to the trigger function's own statements only, not to a function
-- it calls.
CREATE FUNCTION rollup_upsert_sql(delta text, target text, keys text[], key_exprs text[], sums text[], sum_exprs text[], count_column text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select format(
    'insert into %1$I as r (%2$s, %3$s, %4$I) select %5$s, %6$s, sum(sign) from (%7$s) d group by %8$s'
    ' having sum(sign) <> 0 or %9$s order by %8$s on conflict (%2$s) do update set %10$s',
    target,
    (select string_agg(quote_ident(k), ', ') from unnest(keys) k),
    (select string_agg(quote_ident(c), ', ') from unnest(sums) c),
    count_column,
    array_to_string(key_exprs, ', '),
    (select string_agg(format('sum(sign * (%s))', e), ', ') from unnest(sum_exprs) e),
    delta,
    (select string_agg(i::text, ', ') from generate_series(1, array_length(keys, 1)) i),
    (select string_agg(format('sum(sign * (%s)) <> 0', e), ' or ') from unnest(sum_exprs) e),
    (select string_agg(format('%1$I = r.%1$I + excluded.%1$I', c), ', ') from unnest(sums || count_column) c))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION commission_items_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The transition tables only exist for the events that declare them, hence dynamic SQL
  -- (plpgsql registers them for EXECUTE too) rather than one static query per event.
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select n.*, 1 as sign from new_rows n'
    WHEN 'DELETE' THEN 'select o.*, -1 as sign from old_rows o'
    ELSE 'select n.*, 1 as sign from new_rows n union all select o.*, -1 as sign from old_rows o'
  END;
  day_keys text[] := array['connection_id', 'day', 'coin', 'product_type', 'source_type'];
  day_sums text[] := array['fee', 'commission', 'taker_amount', 'maker_amount'];
  utc_month text := $m$date_trunc('month', day at time zone 'UTC') at time zone 'UTC'$m$;
  month_sums text[] := array['fee', 'commission', 'volume'];
  month_exprs text[] := array['fee', 'commission', 'taker_amount + maker_amount'];
BEGIN
  EXECUTE rollup_upsert_sql(delta, 'commission_day', day_keys, day_keys, day_sums, day_sums, 'items');
  EXECUTE rollup_upsert_sql(delta, 'commission_day_symbol', day_keys || 'symbol'::text, day_keys || 'symbol'::text, day_sums, day_sums, 'items');
  EXECUTE rollup_upsert_sql(delta, 'commission_day_rate', day_keys || 'rate'::text, day_keys || 'rate'::text, day_sums, day_sums, 'items');
  EXECUTE rollup_upsert_sql(delta, 'commission_uid_monthly',
    array['connection_id', 'month', 'uid', 'coin', 'product_type', 'source_type'],
    array['connection_id', utc_month, 'uid', 'coin', 'product_type', 'source_type'], month_sums, month_exprs, 'items');
  EXECUTE rollup_upsert_sql(delta, 'commission_uid_coin_monthly',
    array['connection_id', 'month', 'uid', 'coin'], array['connection_id', utc_month, 'uid', 'coin'], month_sums, month_exprs, 'items');
  EXECUTE rollup_upsert_sql(delta, 'commission_uid_day',
    array['connection_id', 'day', 'uid', 'coin'], array['connection_id', 'day', 'uid', 'coin'], month_sums, month_exprs, 'items');
  IF TG_OP <> 'INSERT' THEN
    -- Only deletes and updates can empty a key; the partial indexes on items = 0 find them.
    DELETE FROM commission_day WHERE items = 0;
    DELETE FROM commission_day_symbol WHERE items = 0;
    DELETE FROM commission_day_rate WHERE items = 0;
    DELETE FROM commission_uid_monthly WHERE items = 0;
    DELETE FROM commission_uid_coin_monthly WHERE items = 0;
    DELETE FROM commission_uid_day WHERE items = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION commission_items_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE commission_day, commission_day_symbol, commission_day_rate, commission_uid_monthly, commission_uid_coin_monthly, commission_uid_day;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION trade_asset_daily_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select n.*, 1 as sign from new_rows n'
    WHEN 'DELETE' THEN 'select o.*, -1 as sign from old_rows o'
    ELSE 'select n.*, 1 as sign from new_rows n union all select o.*, -1 as sign from old_rows o'
  END;
  sums text[] := array['deposit_amount', 'withdrawal_amount', 'spot_trading_amount', 'futures_trading_amount', 'commission'];
BEGIN
  -- The first of the month by date arithmetic: no time zone is involved.
  EXECUTE rollup_upsert_sql(delta, 'trade_asset_uid_monthly', array['connection_id', 'month', 'uid'],
    array['connection_id', '(day - (extract(day from day)::int - 1))', 'uid'], sums, sums, 'days');
  EXECUTE rollup_upsert_sql(delta, 'trade_asset_day', array['connection_id', 'day'], array['connection_id', 'day'], sums, sums, 'invitees');
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM trade_asset_uid_monthly WHERE days = 0;
    DELETE FROM trade_asset_day WHERE invitees = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION trade_asset_daily_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE trade_asset_uid_monthly, trade_asset_day;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill from the rows already stored (the migrator runs each migration in one transaction, before any writer).
INSERT INTO commission_day (connection_id, day, coin, product_type, source_type, fee, commission, taker_amount, maker_amount, items)
SELECT connection_id, day, coin, product_type, source_type, sum(fee), sum(commission), sum(taker_amount), sum(maker_amount), count(*)
FROM commission_items GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO commission_day_symbol (connection_id, day, coin, product_type, source_type, symbol, fee, commission, taker_amount, maker_amount, items)
SELECT connection_id, day, coin, product_type, source_type, symbol, sum(fee), sum(commission), sum(taker_amount), sum(maker_amount), count(*)
FROM commission_items GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO commission_day_rate (connection_id, day, coin, product_type, source_type, rate, fee, commission, taker_amount, maker_amount, items)
SELECT connection_id, day, coin, product_type, source_type, rate, sum(fee), sum(commission), sum(taker_amount), sum(maker_amount), count(*)
FROM commission_items GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO commission_uid_day (connection_id, day, uid, coin, fee, commission, volume, items)
SELECT connection_id, day, uid, coin, sum(fee), sum(commission), sum(taker_amount + maker_amount), count(*)
FROM commission_items GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO trade_asset_uid_monthly (connection_id, month, uid, deposit_amount, withdrawal_amount, spot_trading_amount, futures_trading_amount, commission, days)
SELECT connection_id, day - (extract(day from day)::int - 1), uid, sum(deposit_amount), sum(withdrawal_amount), sum(spot_trading_amount),
       sum(futures_trading_amount), sum(commission), count(*)
FROM trade_asset_daily GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO trade_asset_day (connection_id, day, deposit_amount, withdrawal_amount, spot_trading_amount, futures_trading_amount, commission, invitees)
SELECT connection_id, day, sum(deposit_amount), sum(withdrawal_amount), sum(spot_trading_amount), sum(futures_trading_amount), sum(commission), count(*)
FROM trade_asset_daily GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER trade_asset_daily_rollups_insert AFTER INSERT ON trade_asset_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trade_asset_daily_rollups();
--> statement-breakpoint
CREATE TRIGGER trade_asset_daily_rollups_update AFTER UPDATE ON trade_asset_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trade_asset_daily_rollups();
--> statement-breakpoint
CREATE TRIGGER trade_asset_daily_rollups_delete AFTER DELETE ON trade_asset_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trade_asset_daily_rollups();
--> statement-breakpoint
CREATE TRIGGER trade_asset_daily_rollups_truncate AFTER TRUNCATE ON trade_asset_daily
  FOR EACH STATEMENT EXECUTE FUNCTION trade_asset_daily_rollups_truncate();
--> statement-breakpoint
DROP TABLE "commission_daily" CASCADE;
