/**
 * Volume with almost no fee: over the last N days of USDT items, an invitee's net fee against what its volume would
 * have paid at each (product, symbol)'s normal rate — everyone's fee ÷ volume there — or any zero-fee item.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { FlagSettings } from "./settings";
import { uidRestriction } from "./sql-common";

export function lowFeeRows(connectionId: string, s: FlagSettings, uids?: readonly string[]): SQL {
  const { days, maxShareOfNormal, minVolume } = s.lowFee;
  return sql`with items as (
      select c.uid, c.product_type, c.symbol, c.fee, c.taker_amount + c.maker_amount as volume, c.day
      from commission_items c
      where c.connection_id = ${connectionId} and c.coin = 'USDT'
        and c.day > (select max(day) from commission_items where connection_id = ${connectionId} and coin = 'USDT') - make_interval(days => ${days}::int)
    ),
    normal as (select product_type, symbol, sum(fee) / nullif(sum(volume), 0) as rate from items group by product_type, symbol),
    per as (
      select i.uid, sum(i.volume) as volume, sum(i.fee) as fee, sum(i.volume * coalesce(n.rate, 0)) as normal_fee,
             count(*) filter (where i.fee = 0) as zero_items, min(i.day) as from_day, max(i.day) as to_day
      from items i join normal n on n.product_type = i.product_type and n.symbol = i.symbol
      where true${uidRestriction(sql`i.uid`, uids)}
      group by i.uid
    )
    select uid,
           jsonb_build_object('volume', volume::text, 'fee', fee::text, 'normalFee', round(normal_fee, 8)::text,
             'shareOfNormal', round(fee / nullif(normal_fee, 0), 4)::text, 'zeroFeeItems', zero_items::text) as evidence,
           to_char(from_day at time zone 'UTC', 'YYYY-MM-DD') as from_day, to_char(to_day at time zone 'UTC', 'YYYY-MM-DD') as to_day
    from per
    where volume >= ${minVolume}::numeric and (fee < ${maxShareOfNormal}::numeric * normal_fee or zero_items > 0)`;
}
