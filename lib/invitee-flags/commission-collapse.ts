/**
 * Commission collapsing while volume holds (a rate cut, a VIP upgrade): the last N days of USDT items against the N
 * days before them — commission per volume fell to at most the share, while volume stayed at least the held share.
 * Judged at the warehouse's latest USDT item day, so it speaks of now, not of any past month.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { FlagSettings } from "./settings";
import { uidRestriction } from "./sql-common";

export function commissionCollapseRows(connectionId: string, s: FlagSettings, uids?: readonly string[]): SQL {
  const { windowDays, maxShare, minVolumeHeld, minVolume } = s.collapse;
  const window = sql`make_interval(days => ${windowDays}::int)`;
  // A scalar subquery (computed once, from the index), not a joined CTE: a plan that rescans a join per item row
  // took minutes on a warehouse not yet analysed.
  const end = sql`(select max(day) from commission_items where connection_id = ${connectionId} and coin = 'USDT')`;
  return sql`with w as (
      select c.uid,
             coalesce(sum(c.taker_amount + c.maker_amount) filter (where c.day > ${end} - ${window}), 0) as volume_recent,
             coalesce(sum(c.commission) filter (where c.day > ${end} - ${window}), 0) as commission_recent,
             coalesce(sum(c.taker_amount + c.maker_amount) filter (where c.day <= ${end} - ${window}), 0) as volume_before,
             coalesce(sum(c.commission) filter (where c.day <= ${end} - ${window}), 0) as commission_before
      from commission_items c
      where c.connection_id = ${connectionId} and c.coin = 'USDT' and c.day > ${end} - 2 * ${window}${uidRestriction(sql`c.uid`, uids)}
      group by c.uid
    )
    select uid,
           jsonb_build_object('volumeBefore', volume_before::text, 'volumeRecent', volume_recent::text,
             'commissionBefore', commission_before::text, 'commissionRecent', commission_recent::text,
             'share', round((commission_recent / volume_recent) / (commission_before / volume_before), 4)::text) as evidence,
           to_char((${end} - 2 * ${window} + interval '1 day') at time zone 'UTC', 'YYYY-MM-DD') as from_day,
           to_char(${end} at time zone 'UTC', 'YYYY-MM-DD') as to_day
    from w
    where volume_before >= ${minVolume}::numeric and commission_before > 0 and volume_recent > 0
      and volume_recent >= ${minVolumeHeld}::numeric * volume_before
      and commission_recent * volume_before <= ${maxShare}::numeric * commission_before * volume_recent`;
}
