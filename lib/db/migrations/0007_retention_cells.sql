CREATE TABLE "retention_cells" (
	"connection_id" text NOT NULL,
	"cohort_month" timestamp with time zone NOT NULL,
	"active_month" timestamp with time zone NOT NULL,
	"invitees" bigint NOT NULL,
	CONSTRAINT "retention_cells_pk" PRIMARY KEY("connection_id","cohort_month","active_month")
);
--> statement-breakpoint
CREATE INDEX "retention_cells_empty_idx" ON "retention_cells" USING btree ("connection_id") WHERE invitees = 0;--> statement-breakpoint
-- retention_cells(connection_id, cohort_month, active_month) = how many invitees registered in that UTC month have
-- commission items in that later (or same) UTC month. Two statement-level triggers keep it exact in the writer's
-- transaction, each from its own side, so the order in which the sync writes the two tables does not matter:
-- - on commission_items: an (invitee, month) pair whose item count goes from 0 to some, or from some to 0, moves its
--   cell by +1 or -1 (the count now is read from the items, whose statement is complete; the count before is the
--   count now minus the statement's signed change);
-- - on invited_users: an invitee appearing, disappearing or changing signup month moves the cells of every month
--   it is active in (commission_uid_coin_monthly, already current) by +1 or -1.
-- UTC months are timestamptz at 00:00 UTC of the 1st; month arithmetic goes through UTC so the session's time zone
-- cannot shift it.
CREATE FUNCTION retention_cells_apply(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  -- The upsert of signed changes (columns connection_id, cohort_month, active_month, change) into retention_cells.
  select format(
    'insert into retention_cells as r (connection_id, cohort_month, active_month, invitees)'
    ' select connection_id, cohort_month, active_month, sum(change) from (%s) c group by 1, 2, 3 having sum(change) <> 0'
    ' order by 1, 2, 3 on conflict (connection_id, cohort_month, active_month) do update set invitees = r.invitees + excluded.invitees',
    changes)
$$;
--> statement-breakpoint
CREATE FUNCTION commission_items_retention() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select n.connection_id, n.uid, n.day, 1 as sign from new_rows n'
    WHEN 'DELETE' THEN 'select o.connection_id, o.uid, o.day, -1 as sign from old_rows o'
    ELSE 'select n.connection_id, n.uid, n.day, 1 as sign from new_rows n union all select o.connection_id, o.uid, o.day, -1 as sign from old_rows o'
  END;
BEGIN
  EXECUTE retention_cells_apply(format($q$
    with pairs as (
      select connection_id, uid, date_trunc('month', day at time zone 'UTC') at time zone 'UTC' as month, sum(sign) as change
      from (%s) d group by 1, 2, 3 having sum(sign) <> 0),
    flips as (
      select p.connection_id, p.uid, p.month,
             case when n.items > 0 and n.items - p.change = 0 then 1 when n.items = 0 then -1 else 0 end as change
      from pairs p cross join lateral (
        select count(*) as items from commission_items c
        where c.connection_id = p.connection_id and c.uid = p.uid
          and c.day >= p.month and c.day < (p.month at time zone 'UTC' + interval '1 month') at time zone 'UTC') n)
    select f.connection_id, i.cohort_month, f.month as active_month, f.change
    from flips f
    join (select connection_id, uid, date_trunc('month', register_time at time zone 'UTC') at time zone 'UTC' as cohort_month
          from invited_users) i on i.connection_id = f.connection_id and i.uid = f.uid
    where f.change <> 0 and f.month >= i.cohort_month
  $q$, delta));
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM retention_cells WHERE invitees = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION invited_users_retention() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cohorts text := 'date_trunc(''month'', %1$s.register_time at time zone ''UTC'') at time zone ''UTC''';
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN format('select n.connection_id, n.uid, ' || cohorts || ' as cohort_month, 1 as sign from new_rows n', 'n')
    WHEN 'DELETE' THEN format('select o.connection_id, o.uid, ' || cohorts || ' as cohort_month, -1 as sign from old_rows o', 'o')
    ELSE format('select n.connection_id, n.uid, ' || cohorts || ' as cohort_month, 1 as sign from new_rows n', 'n')
      || ' union all ' || format('select o.connection_id, o.uid, ' || cohorts || ' as cohort_month, -1 as sign from old_rows o', 'o')
  END;
BEGIN
  -- An upsert that leaves uid and signup month as they were cancels out here and writes nothing.
  EXECUTE retention_cells_apply(format($q$
    select d.connection_id, d.cohort_month, m.month as active_month, d.change
    from (select connection_id, uid, cohort_month, sum(sign) as change from (%s) x group by 1, 2, 3 having sum(sign) <> 0) d
    join lateral (
      select distinct month from commission_uid_coin_monthly m
      where m.connection_id = d.connection_id and m.uid = d.uid and m.month >= d.cohort_month) m on true
  $q$, delta));
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM retention_cells WHERE invitees = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION retention_cells_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No invitees or no items: no cell.
  TRUNCATE retention_cells;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO retention_cells (connection_id, cohort_month, active_month, invitees)
SELECT i.connection_id, i.cohort_month, m.month, count(distinct i.uid)
FROM (SELECT connection_id, uid, date_trunc('month', register_time at time zone 'UTC') at time zone 'UTC' AS cohort_month FROM invited_users) i
JOIN commission_uid_coin_monthly m ON m.connection_id = i.connection_id AND m.uid = i.uid AND m.month >= i.cohort_month
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER commission_items_retention_insert AFTER INSERT ON commission_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_items_retention();
--> statement-breakpoint
CREATE TRIGGER commission_items_retention_update AFTER UPDATE ON commission_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_items_retention();
--> statement-breakpoint
CREATE TRIGGER commission_items_retention_delete AFTER DELETE ON commission_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_items_retention();
--> statement-breakpoint
CREATE TRIGGER commission_items_retention_truncate AFTER TRUNCATE ON commission_items
  FOR EACH STATEMENT EXECUTE FUNCTION retention_cells_truncate();
--> statement-breakpoint
CREATE TRIGGER invited_users_retention_insert AFTER INSERT ON invited_users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invited_users_retention();
--> statement-breakpoint
CREATE TRIGGER invited_users_retention_update AFTER UPDATE ON invited_users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invited_users_retention();
--> statement-breakpoint
CREATE TRIGGER invited_users_retention_delete AFTER DELETE ON invited_users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invited_users_retention();
--> statement-breakpoint
CREATE TRIGGER invited_users_retention_truncate AFTER TRUNCATE ON invited_users
  FOR EACH STATEMENT EXECUTE FUNCTION retention_cells_truncate();
