/**
 * The Invite codes report: the invitees who signed up in the range, per invite
 * code — counts of each funnel step, conversions, median hours from sign-up to
 * the first deposit and to the first trade — and their commission (one coin)
 * and volume over the range, read from the per-invitee rollups (commissionsPerUid:
 * whole months from commission_uid_coin_monthly, edge months from the
 * per-invitee day rollup). One statement; the codes and
 * the total come from one grouping. Codes are few, so they are sorted here.
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

/** The report's one statement (exported for EXPLAIN in benchmarks). */
export function inviteCodesStatement(connectionId: string, f: ReportFilters): SQL {
  const coin = coinOf(f);
  const start = new Date(f.range.startTime).toISOString();
  const end = new Date(f.range.endTime).toISOString();
  const connection = sql`connection_id = ${connectionId}`;
  // Every invitee's sums of the range, then joined to the cohort: filtering the rollups by the cohort first made the
  // planner build the cohort's hash once per monthSplit branch (and guess its size), for rows it reads anyway.
  const commission = commissionsPerUid(connectionId, f.range.startTime, f.range.endTime, { coin });
  return sql`with cohort as (
          select uid, invite_code, kyc_result, register_time, first_deposit, first_trade from invited_users
          where ${connection} and register_time >= ${start}::timestamptz and register_time <= ${end}::timestamptz),
        per_uid as (select uid, sum(commission) as commission, sum(volume) as volume from (${commission}) c group by uid)
        select c.invite_code as code, grouping(c.invite_code) = 1 as total,
               count(*)::text as signups,
               count(*) filter (where c.kyc_result)::text as kyc,
               count(c.first_deposit)::text as deposited,
               count(c.first_trade)::text as traded,
               (extract(epoch from percentile_cont(0.5) within group (order by c.first_deposit - c.register_time)
                 filter (where c.first_deposit is not null)) / 3600)::float8 as to_deposit,
               (extract(epoch from percentile_cont(0.5) within group (order by c.first_trade - c.register_time)
                 filter (where c.first_trade is not null)) / 3600)::float8 as to_trade,
               coalesce(sum(p.commission), 0)::text as commission,
               coalesce(sum(p.volume), 0)::text as volume
        from cohort c left join per_uid p on p.uid = c.uid
        group by grouping sets ((c.invite_code), ())`;
}

export async function inviteCodesReport(db: Db, connectionId: string, f: ReportFilters, query: InviteCodeQuery): Promise<InviteCodesReport> {
  const coin = coinOf(f);
  const rows = await queryRows<DbRow>(db, inviteCodesStatement(connectionId, f));
  const codes: InviteCodeRow[] = rows
    .filter((r) => !r.total)
    .map((r) => ({ inviteCode: r.code ?? "", ...funnelOf(r), coin, commission: r.commission, volume: r.volume }));
  codes.sort(compareRows(query.sort, query.dir));
  const total = rows.find((r) => r.total);
  const empty: DbRow = { code: null, total: true, signups: "0", kyc: "0", deposited: "0", traded: "0", to_deposit: null, to_trade: null, commission: "0", volume: "0" };
  return { rows: codes, totals: { codes: codes.length, ...funnelOf(total ?? empty), coin, commission: total?.commission ?? "0", volume: total?.volume ?? "0" } };
}
