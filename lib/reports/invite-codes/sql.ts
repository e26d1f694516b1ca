/**
 * The Invite codes report: the invitees who signed up in the range, per invite
 * code — counts of each funnel step, conversions, median hours from sign-up to
 * the first deposit and to the first trade — and their commission (one coin)
 * and volume over the range, read from the per-invitee rollups (commissionsPerUid:
 * whole months from commission_uid_coin_monthly, edge months from the
 * per-invitee day rollup). Codes are few, so they are sorted here.
 *
 * Two statements, run side by side (PostgreSQL serves them on two pooled
 * connections; PGlite runs them one after the other), because neither needs the
 * other's rows and together they were the slowest entity answer at a year
 * (bench:reports):
 * - the funnel groups the cohort by code with a hash and keeps each code's
 *   delays (seconds, float8) in an array; each code's median sorts only its own
 *   array and the total's sorts them all once. The ordered-set aggregates over
 *   grouping sets it replaces needed the whole cohort sorted by code first, and
 *   compared intervals through function calls;
 * - the money joins the range's per-invitee rollup rows to the cohort's uid and
 *   code and sums per code and in total.
 *   Summing per invitee first (12 000 numeric group states) and then joining
 *   cost more than joining the rows.
 * In a view of another coin than USDT, a third reads each code's commission in
 * USDT at each day's own close (codeValues), beside them.
 */
import "server-only";
import Decimal from "decimal.js";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { InviteCodeQuery, InviteCodeRow, InviteCodesReport } from "./contract";
import { coinOf, type Coin, type ReportFilters } from "../filters";
import { compareRows } from "./order";
import { commissionsPerUid, dailyConditions } from "../sql";
import { ownValue, valuedLookup, type CommissionRows, type RowValue } from "../../prices/period-values";
import { allCoinsSummary } from "../../prices/day-values";
import { exactSum } from "../../decimal/exact";
import { QUOTE_COIN } from "../../sync/prices/store";

type FunnelRow = {
  code: string | null;
  total: boolean;
  signups: string;
  kyc: string;
  deposited: string;
  traded: string;
  to_deposit: number | null;
  to_trade: number | null;
};
type MoneyRow = { code: string | null; total: boolean; commission: string; volume: string };

const rate = (part: number, whole: number): string | null => (whole === 0 ? null : new Decimal(part).div(whole).toFixed(6));

function funnelOf(r: FunnelRow) {
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

/** The sign-ups of the range: invited_users' conditions (its register index). */
function cohortConditions(connectionId: string, f: ReportFilters): SQL {
  const start = new Date(f.range.startTime).toISOString();
  const end = new Date(f.range.endTime).toISOString();
  return sql`connection_id = ${connectionId} and register_time >= ${start}::timestamptz and register_time <= ${end}::timestamptz`;
}

/** Counts and medians per code, and a total row (exported for EXPLAIN in benchmarks). */
export function inviteCodeFunnelStatement(connectionId: string, f: ReportFilters): SQL {
  // date_part gives float8 seconds (extract would give numeric); a median of seconds / 3600 is the median in hours.
  const median = (delays: SQL) => sql`(select percentile_cont(0.5) within group (order by s) from ${delays} s) / 3600`;
  return sql`with per_code as (
          select invite_code as code, count(*) as signups, count(*) filter (where kyc_result) as kyc,
                 count(first_deposit) as deposited, count(first_trade) as traded,
                 array_agg(date_part('epoch', first_deposit - register_time)) filter (where first_deposit is not null) as to_deposit,
                 array_agg(date_part('epoch', first_trade - register_time)) filter (where first_trade is not null) as to_trade
          from invited_users where ${cohortConditions(connectionId, f)} group by invite_code)
        select code, false as total, signups::text, kyc::text, deposited::text, traded::text,
               ${median(sql`unnest(to_deposit)`)} as to_deposit, ${median(sql`unnest(to_trade)`)} as to_trade
        from per_code
        union all
        select null, true, coalesce(sum(signups), 0)::text, coalesce(sum(kyc), 0)::text,
               coalesce(sum(deposited), 0)::text, coalesce(sum(traded), 0)::text,
               ${median(sql`per_code p, unnest(p.to_deposit)`)}, ${median(sql`per_code p, unnest(p.to_trade)`)}
        from per_code`;
}

/** Commission (one coin) and volume per code of the cohort over the range (exported for EXPLAIN in benchmarks). */
export function inviteCodeMoneyStatement(connectionId: string, f: ReportFilters): SQL {
  const commission = commissionsPerUid(connectionId, f.range.startTime, f.range.endTime, { coin: coinOf(f) });
  return sql`select c.invite_code as code, grouping(c.invite_code) = 1 as total,
               sum(r.commission)::text as commission, sum(r.volume)::text as volume
        from (${commission}) r
        join (select uid, invite_code from invited_users where ${cohortConditions(connectionId, f)}) c on c.uid = r.uid
        group by grouping sets ((c.invite_code), ())`;
}

/**
 * Every coin's commission of the range's sign-ups over the range, per invitee and UTC day (the per-invitee day rollup):
 * the rows the headline's USDT total values and its CSV audits.
 */
export function cohortCommissionRows(connectionId: string, f: ReportFilters): CommissionRows {
  return {
    table: sql`commission_uid_day`,
    where: sql`${dailyConditions(connectionId, f.range.startTime, f.range.endTime)}
      and uid in (select uid from invited_users where ${cohortConditions(connectionId, f)})`,
  };
}

/**
 * The headline: the cohort's commission of every coin in ≈ USDT, how it was valued, each coin natively; null without
 * any. Each coin's amount comes from the month rollups, as the table's does; only the other coins' days are valued.
 */
function allCoinsOf(db: Db, connectionId: string, f: ReportFilters): Promise<InviteCodesReport["allCoins"]> {
  const perUid = commissionsPerUid(connectionId, f.range.startTime, f.range.endTime);
  const natives = queryRows<{ coin: string; commission: string }>(
    db,
    sql`select r.coin, sum(r.commission)::text as commission
        from (${perUid}) r join (select uid from invited_users where ${cohortConditions(connectionId, f)}) c on c.uid = r.uid
        group by r.coin having sum(r.commission) <> 0`,
  );
  return allCoinsSummary(db, connectionId, cohortCommissionRows(connectionId, f), natives);
}

/**
 * Each code's commission in the view's coin, in USDT at each day's own close: the cohort's day rows in that coin
 * (the per-invitee day rollup) keyed by the sign-up's invite code. The join sits in a subquery that names one
 * connection_id, day, coin and commission, as the valuation reads them unqualified (invited_users has a connection_id too).
 */
function codeValues(db: Db, connectionId: string, f: ReportFilters, coin: Coin): Promise<RowValue> {
  if (coin === QUOTE_COIN) return Promise.resolve(ownValue);
  const table = sql`(select d.connection_id, d.day, d.coin, d.commission, d.fee, c.invite_code
      from commission_uid_day d join (select uid, invite_code from invited_users where ${cohortConditions(connectionId, f)}) c on c.uid = d.uid) cohort_days`;
  return valuedLookup(db, connectionId, { table, where: dailyConditions(connectionId, f.range.startTime, f.range.endTime, { coin }) }, sql.raw("invite_code"));
}

/**
 * The totals' value: the codes' values added exactly, null when any code's is (never the valued part). Each sign-up
 * has one code, so the codes split the cohort and their sum is the cohort's value — no second pass over its day rows
 * joined to the closes, as a valuedLookup with one constant key would make.
 */
function totalValue(codes: readonly InviteCodeRow[]): string | null {
  const values = codes.map((c) => c.commissionUsdt);
  return values.every((v): v is string => v !== null) ? exactSum(values) : null;
}

export async function inviteCodesReport(db: Db, connectionId: string, f: ReportFilters, query: InviteCodeQuery): Promise<InviteCodesReport> {
  const coin = coinOf(f);
  const [funnels, money, allCoins, usdtOf] = await Promise.all([
    queryRows<FunnelRow>(db, inviteCodeFunnelStatement(connectionId, f)),
    queryRows<MoneyRow>(db, inviteCodeMoneyStatement(connectionId, f)),
    allCoinsOf(db, connectionId, f),
    codeValues(db, connectionId, f, coin),
  ]);
  const moneyOf = new Map(money.filter((m) => !m.total).map((m) => [m.code, m]));
  const moneyTotal = money.find((m) => m.total);
  const codes: InviteCodeRow[] = funnels
    .filter((r) => !r.total)
    .map((r) => {
      const code = r.code ?? "";
      const m = moneyOf.get(code);
      // A code without commission in the coin is 0, and so is its value (no day to value), not "not valued".
      const commissionUsdt = m ? usdtOf(code, coin, m.commission) : "0";
      return { inviteCode: code, ...funnelOf(r), coin, commission: m?.commission ?? "0", commissionUsdt, volume: m?.volume ?? "0" };
    });
  codes.sort(compareRows(query.sort, query.dir));
  const total = funnels.find((r) => r.total);
  const empty: FunnelRow = { code: null, total: true, signups: "0", kyc: "0", deposited: "0", traded: "0", to_deposit: null, to_trade: null };
  return {
    rows: codes,
    totals: {
      codes: codes.length,
      ...funnelOf(total ?? empty),
      coin,
      commission: moneyTotal?.commission ?? "0",
      // In USDT the total is its own value, as each row is.
      commissionUsdt: coin === QUOTE_COIN ? (moneyTotal?.commission ?? "0") : totalValue(codes),
      volume: moneyTotal?.volume ?? "0",
    },
    allCoins,
  };
}
