/**
 * The Invite codes report: the invitees who signed up in the range, per invite
 * code — counts of each funnel step, conversions, median hours from sign-up to
 * the first deposit and to the first trade — and their commission (one coin)
 * and volume over the range, read from the per-invitee rollups (commissionsPerUid:
 * whole months from commission_uid_coin_monthly, edge months from the
 * per-invitee day rollup). Two statements run side by side — the funnel with its
 * medians, and the money — each giving the codes and the total from one grouping.
 * Codes are few, so they are joined and sorted here.
 */
import "server-only";
import Decimal from "decimal.js";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import type { InviteCodeQuery, InviteCodeRow, InviteCodesReport } from "./contracts/invite-codes";
import { coinOf, type ReportFilters } from "./filters";
import { commissionsPerUid } from "./sql";

type DbRow = {
  code: string | null;
  total: boolean;
  signups: string;
  kyc: string;
  deposited: string;
  traded: string;
  to_deposit: number | null;
  to_trade: number | null;
  commission: string;
  volume: string;
};

type FunnelRow = Omit<DbRow, "commission" | "volume">;
type MoneyRow = { code: string | null; total: boolean; commission: string | null; volume: string | null };

const rate = (part: number, whole: number): string | null => (whole === 0 ? null : new Decimal(part).div(whole).toFixed(6));

function funnelOf(r: DbRow) {
  const signups = Number(r.signups);
  const kyc = Number(r.kyc);
  const deposited = Number(r.deposited);
  const traded = Number(r.traded);
  return {
    signups,
    kyc,
    deposited,
    traded,
    kycRate: rate(kyc, signups),
    depositRate: rate(deposited, signups),
    tradeRate: rate(traded, signups),
    medianHoursToDeposit: r.to_deposit === null ? null : Number(r.to_deposit),
    medianHoursToTrade: r.to_trade === null ? null : Number(r.to_trade),
  };
}

/** The order of the table: the sort column, nulls last, then the code. */
function compareRows(sort: InviteCodeQuery["sort"], dir: InviteCodeQuery["dir"]): (a: InviteCodeRow, b: InviteCodeRow) => number {
  const sign = dir === "asc" ? 1 : -1;
  return (a, b) => {
    let c = 0;
    if (sort === "inviteCode") c = a.inviteCode < b.inviteCode ? -1 : a.inviteCode > b.inviteCode ? 1 : 0;
    else {
      const x = a[sort];
      const y = b[sort];
      if (x === null || y === null) return x === y ? (a.inviteCode < b.inviteCode ? -1 : 1) : x === null ? 1 : -1;
      c = new Decimal(x).comparedTo(y);
    }
    return c * sign || (a.inviteCode < b.inviteCode ? -1 : a.inviteCode > b.inviteCode ? 1 : 0);
  };
}

/** The range's sign-ups as invited_users rows `c` (the cohort both statements read). */
function cohortConditions(connectionId: string, f: ReportFilters): SQL {
  const start = new Date(f.range.startTime).toISOString();
  const end = new Date(f.range.endTime).toISOString();
  return sql`c.connection_id = ${connectionId} and c.register_time >= ${start}::timestamptz and c.register_time <= ${end}::timestamptz`;
}

/**
 * The funnel per invite code and in total: counts and the median hours (their
 * sorts are most of this statement's time, so the money is summed apart).
 */
export function inviteCodeFunnelStatement(connectionId: string, f: ReportFilters): SQL {
  return sql`select c.invite_code as code, grouping(c.invite_code) = 1 as total,
               count(*)::text as signups,
               count(*) filter (where c.kyc_result)::text as kyc,
               count(c.first_deposit)::text as deposited,
               count(c.first_trade)::text as traded,
               (extract(epoch from percentile_cont(0.5) within group (order by c.first_deposit - c.register_time)
                 filter (where c.first_deposit is not null)) / 3600)::float8 as to_deposit,
               (extract(epoch from percentile_cont(0.5) within group (order by c.first_trade - c.register_time)
                 filter (where c.first_trade is not null)) / 3600)::float8 as to_trade
        from invited_users c where ${cohortConditions(connectionId, f)}
        group by grouping sets ((c.invite_code), ())`;
}

/**
 * The cohort's commission (one coin) and volume per invite code and in total.
 * Every invitee's sums of the range first, then joined to the cohort: filtering
 * the rollups by the cohort first made the planner build the cohort's hash once
 * per monthSplit branch (and guess its size), for rows it reads anyway.
 */
export function inviteCodeMoneyStatement(connectionId: string, f: ReportFilters): SQL {
  const commission = commissionsPerUid(connectionId, f.range.startTime, f.range.endTime, { coin: coinOf(f) });
  return sql`with per_uid as (select uid, sum(commission) as commission, sum(volume) as volume from (${commission}) r group by uid)
        select c.invite_code as code, grouping(c.invite_code) = 1 as total,
               sum(p.commission)::text as commission, sum(p.volume)::text as volume
        from per_uid p join invited_users c on c.uid = p.uid
        where ${cohortConditions(connectionId, f)}
        group by grouping sets ((c.invite_code), ())`;
}

export async function inviteCodesReport(db: Db, connectionId: string, f: ReportFilters, query: InviteCodeQuery): Promise<InviteCodesReport> {
  const coin = coinOf(f);
  // Two statements at once (two connections on PostgreSQL): the funnel's medians and the money's sums each take
  // about half of what the one statement took.
  const [funnel, money] = await Promise.all([
    queryRows<FunnelRow>(db, inviteCodeFunnelStatement(connectionId, f)),
    queryRows<MoneyRow>(db, inviteCodeMoneyStatement(connectionId, f)),
  ]);
  // A code with sign-ups but no commission or volume in the range: 0, as the one statement's coalesce gave.
  const moneyOf = (r: FunnelRow) => money.find((m) => m.total === r.total && (r.total || m.code === r.code)) ?? { commission: "0", volume: "0" };
  const rows: DbRow[] = funnel.map((r) => ({ ...r, commission: moneyOf(r).commission ?? "0", volume: moneyOf(r).volume ?? "0" }));
  const codes: InviteCodeRow[] = rows
    .filter((r) => !r.total)
    .map((r) => ({ inviteCode: r.code ?? "", ...funnelOf(r), coin, commission: r.commission, volume: r.volume }));
  codes.sort(compareRows(query.sort, query.dir));
  const total = rows.find((r) => r.total);
  const empty: DbRow = { code: null, total: true, signups: "0", kyc: "0", deposited: "0", traded: "0", to_deposit: null, to_trade: null, commission: "0", volume: "0" };
  return { rows: codes, totals: { codes: codes.length, ...funnelOf(total ?? empty), coin, commission: total?.commission ?? "0", volume: total?.volume ?? "0" } };
}
