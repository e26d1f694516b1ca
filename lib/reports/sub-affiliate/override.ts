/**
 * The affiliate's override around one sub-affiliate (definitions in
 * lib/metrics/sub-affiliate.ts). What the affiliate earns over sub-agents is its
 * sourceType 2 commission items, which the interface gives in total only —
 * never per sub-affiliate (../shared/sandbox-data.md, "Sub-affiliates and the
 * override"). So the total is exact and this sub's part is an estimate: per UTC
 * day and product, the USDT sourceType 2 commission × this sub's net fee ÷ all
 * sub-affiliates' net fee. It is exact only when every sub-affiliate has the same
 * override rate; WEEX sets one per sub, so it is labelled an estimate wherever
 * it shows. USDT only: the sub-affiliate report's net fee counts USDT items only.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { SubAffiliateDetailReport } from "./contract";
import { SOURCE_TYPE_OF, type ReportFilters } from "../filters";

/** Decimals of the estimate: a quotient has no exact decimal form; 8 is finer than any USDT amount shown. */
const ESTIMATE_DP = 8;

export async function overrideOf(db: Db, connectionId: string, sub: string, f: Pick<ReportFilters, "range" | "product">): Promise<SubAffiliateDetailReport["override"]> {
  const product = f.product ? sql` and product_type = ${f.product}` : sql``;
  // Both sources at the grain of the sub-affiliate records: UTC calendar day and product.
  const rows = await queryRows<{ all_sub_agents: string | null; estimate: string | null }>(
    db,
    sql`with ov as (
          select (day at time zone 'UTC')::date as d, product_type, sum(commission) as c
          from commission_day
          where connection_id = ${connectionId} and coin = 'USDT' and source_type = ${SOURCE_TYPE_OF.sub}
            and day >= (${f.range.from}::date)::timestamp at time zone 'UTC'
            and day < ((${f.range.to}::date) + 1)::timestamp at time zone 'UTC'${product}
          group by 1, 2),
        fees as (
          select day as d, product_type,
                 sum(net_trading_fee) filter (where sub_affiliate_uid = ${sub}) as mine, sum(net_trading_fee) as everyone
          from sub_affiliate_daily
          where connection_id = ${connectionId} and day >= ${f.range.from}::date and day <= ${f.range.to}::date${product}
          group by 1, 2)
        select (select sum(c) from ov)::text as all_sub_agents,
               round(sum(ov.c * fees.mine / fees.everyone), ${ESTIMATE_DP})::text as estimate
        from ov join fees on fees.d = ov.d and fees.product_type = ov.product_type
        where fees.mine is not null and fees.everyone <> 0`,
  );
  return { allSubAgents: rows[0]?.all_sub_agents ?? "0", estimate: rows[0]?.estimate ?? "0" };
}
