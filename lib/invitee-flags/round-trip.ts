/**
 * Deposit → trade → withdraw almost everything: from a deposit day, within the window, deposits of at least the
 * minimum, some trading, and withdrawals of nearly all the money the invitee had in: its net deposits before the
 * window plus the window's deposits. The first such window is shown. An invitee whose first deposit (invited users)
 * lies before the warehouse's first trade-and-asset day is not judged: its "before" would miss money.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { FlagSettings } from "./settings";
import { uidRestriction } from "./sql-common";

export function roundTripRows(connectionId: string, s: FlagSettings, uids?: readonly string[]): SQL {
  const { windowDays, lookbackDays, minShare, minDeposit } = s.roundTrip;
  // One sorted pass (window frames), not a join of every deposit day with the invitee's days.
  return sql`with t as (
      select uid, day, deposit_amount as d, withdrawal_amount as w, spot_trading_amount + futures_trading_amount as v
      from trade_asset_daily where connection_id = ${connectionId}${uidRestriction(sql`uid`, uids)}
    ),
    windows as (
      select uid, day as from_day, day + (${windowDays}::int - 1) as to_day, d,
             sum(d) over ahead as deposited, sum(v) over ahead as traded, sum(w) over ahead as withdrawn,
             coalesce(sum(d - w) over (partition by uid order by day rows between unbounded preceding and 1 preceding), 0) as before
      from t
      window ahead as (partition by uid order by day range between current row and make_interval(days => ${windowDays}::int - 1) following)
    )
    select distinct on (uid) uid,
           jsonb_build_object('deposited', deposited::text, 'traded', traded::text, 'withdrawn', withdrawn::text,
             'balanceBefore', before::text, 'share', round(withdrawn / (before + deposited), 4)::text) as evidence,
           to_char(from_day, 'YYYY-MM-DD') as from_day, to_char(to_day, 'YYYY-MM-DD') as to_day
    from windows
    where d > 0 and from_day > (select max(day) from trade_asset_daily where connection_id = ${connectionId}) - ${lookbackDays}::int
      and deposited >= ${minDeposit}::numeric and traded > 0 and before + deposited > 0
      -- "Net before" must be whole: the warehouse holds this invitee's days back to its first deposit. While the sync
      -- still walks history backwards, an invitee whose earlier deposits are not read yet is not judged.
      and not exists (select 1 from invited_users i where i.connection_id = ${connectionId} and i.uid = windows.uid
        and (i.first_deposit at time zone 'UTC')::date < (select min(day) from trade_asset_daily where connection_id = ${connectionId}))
      and withdrawn >= ${minShare}::numeric * (before + deposited)
    order by uid, from_day`;
}
