-- Keeps commission_daily, commission_uid_monthly and commission_uid_coin_monthly (0004_rollups) exactly equal to sums over
-- commission_items, in the writer's own transaction, whoever writes: statement-level triggers
-- with transition tables turn each statement's changed rows into one signed delta per rollup
-- key (+ new rows, - old rows). INSERT ... ON CONFLICT DO UPDATE fires the insert trigger for
-- the rows it inserted and the update trigger for the rows it updated, so upserts are covered.
-- A rollup row whose item count reaches 0 is deleted.
CREATE FUNCTION commission_items_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text;
BEGIN
  -- The transition tables only exist for the events that declare them, hence dynamic SQL
  -- (plpgsql registers them for EXECUTE too) rather than one static query per event.
  delta := CASE TG_OP
    WHEN 'INSERT' THEN 'select n.*, 1 as sign from new_rows n'
    WHEN 'DELETE' THEN 'select o.*, -1 as sign from old_rows o'
    ELSE 'select n.*, 1 as sign from new_rows n union all select o.*, -1 as sign from old_rows o'
  END;
  -- Ordered by key so concurrent writers lock rollup rows in the same order (no deadlocks);
  -- keys whose delta is all zeros (a re-read of unchanged items) are not written at all.
  EXECUTE format($q$
    insert into commission_daily as r
      (connection_id, day, coin, product_type, source_type, symbol, rate, fee, commission, taker_amount, maker_amount, items)
    select connection_id, day, coin, product_type, source_type, symbol, rate,
           sum(sign * fee), sum(sign * commission), sum(sign * taker_amount), sum(sign * maker_amount), sum(sign)
    from (%s) d
    group by connection_id, day, coin, product_type, source_type, symbol, rate
    having sum(sign) <> 0 or sum(sign * fee) <> 0 or sum(sign * commission) <> 0
        or sum(sign * taker_amount) <> 0 or sum(sign * maker_amount) <> 0
    order by connection_id, day, coin, product_type, source_type, symbol, rate
    on conflict (connection_id, day, coin, product_type, source_type, symbol, rate) do update
    set fee = r.fee + excluded.fee, commission = r.commission + excluded.commission,
        taker_amount = r.taker_amount + excluded.taker_amount, maker_amount = r.maker_amount + excluded.maker_amount,
        items = r.items + excluded.items
  $q$, delta);
  EXECUTE format($q$
    insert into commission_uid_monthly as r
      (connection_id, month, uid, coin, product_type, source_type, fee, commission, volume, items)
    select connection_id, month, uid, coin, product_type, source_type,
           sum(sign * fee), sum(sign * commission), sum(sign * (taker_amount + maker_amount)), sum(sign)
    from (select d.*, date_trunc('month', d.day at time zone 'UTC') at time zone 'UTC' as month from (%s) d) m
    group by connection_id, month, uid, coin, product_type, source_type
    having sum(sign) <> 0 or sum(sign * fee) <> 0 or sum(sign * commission) <> 0
        or sum(sign * (taker_amount + maker_amount)) <> 0
    order by connection_id, month, uid, coin, product_type, source_type
    on conflict (connection_id, month, uid, coin, product_type, source_type) do update
    set fee = r.fee + excluded.fee, commission = r.commission + excluded.commission,
        volume = r.volume + excluded.volume, items = r.items + excluded.items
  $q$, delta);
  EXECUTE format($q$
    insert into commission_uid_coin_monthly as r (connection_id, month, uid, coin, fee, commission, volume, items)
    select connection_id, month, uid, coin, sum(sign * fee), sum(sign * commission), sum(sign * (taker_amount + maker_amount)), sum(sign)
    from (select d.*, date_trunc('month', d.day at time zone 'UTC') at time zone 'UTC' as month from (%s) d) m
    group by connection_id, month, uid, coin
    having sum(sign) <> 0 or sum(sign * fee) <> 0 or sum(sign * commission) <> 0
        or sum(sign * (taker_amount + maker_amount)) <> 0
    order by connection_id, month, uid, coin
    on conflict (connection_id, month, uid, coin) do update
    set fee = r.fee + excluded.fee, commission = r.commission + excluded.commission,
        volume = r.volume + excluded.volume, items = r.items + excluded.items
  $q$, delta);
  IF TG_OP <> 'INSERT' THEN
    -- Only deletes and updates can empty a key; the partial indexes on items = 0 find them.
    DELETE FROM commission_daily WHERE items = 0;
    DELETE FROM commission_uid_monthly WHERE items = 0;
    DELETE FROM commission_uid_coin_monthly WHERE items = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION commission_items_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE commission_daily, commission_uid_monthly, commission_uid_coin_monthly;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill from the items already stored, before the triggers exist (the same transaction: the migrator runs each migration in one).
INSERT INTO commission_daily (connection_id, day, coin, product_type, source_type, symbol, rate, fee, commission, taker_amount, maker_amount, items)
SELECT connection_id, day, coin, product_type, source_type, symbol, rate, sum(fee), sum(commission), sum(taker_amount), sum(maker_amount), count(*)
FROM commission_items
GROUP BY connection_id, day, coin, product_type, source_type, symbol, rate;
--> statement-breakpoint
INSERT INTO commission_uid_monthly (connection_id, month, uid, coin, product_type, source_type, fee, commission, volume, items)
SELECT connection_id, date_trunc('month', day at time zone 'UTC') at time zone 'UTC', uid, coin, product_type, source_type,
       sum(fee), sum(commission), sum(taker_amount + maker_amount), count(*)
FROM commission_items
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO commission_uid_coin_monthly (connection_id, month, uid, coin, fee, commission, volume, items)
SELECT connection_id, month, uid, coin, sum(fee), sum(commission), sum(volume), sum(items)
FROM commission_uid_monthly
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER commission_items_rollups_insert AFTER INSERT ON commission_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_items_rollups();
--> statement-breakpoint
CREATE TRIGGER commission_items_rollups_update AFTER UPDATE ON commission_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_items_rollups();
--> statement-breakpoint
CREATE TRIGGER commission_items_rollups_delete AFTER DELETE ON commission_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_items_rollups();
--> statement-breakpoint
CREATE TRIGGER commission_items_rollups_truncate AFTER TRUNCATE ON commission_items
  FOR EACH STATEMENT EXECUTE FUNCTION commission_items_rollups_truncate();
