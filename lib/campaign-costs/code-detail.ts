/**
 * One invite code's campaign page: its costs, its return by sign-up cohort (the month of sign-up) at the end of each
 * month since, and its payback: from the day of the code's first cost, by UTC day, the cumulative cost against the
 * cumulative commission of the invitees who signed up on or after that day (each since their sign-up). Invitees who
 * came before any spend are not the campaign's, and commission before it paid nothing back. Commission counts days
 * through the last whole day synced; costs count every day entered.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { DAY_MS, isoDay } from "../reports/coverage";
import { cumulative, returnOf, valuedFigure, type Figure, type Valued } from "./figures";
import { commissionHeld } from "./held";
import { cohortOf, commissionKeys, commissionSinceSignupRows, costKeys, costRows } from "./rows-sql";
import { listCosts } from "./store";
import { dataAsOfIn } from "../sync/engine";
import { valuedSums } from "./valued-sums";
import type { CodeCostsAnswer, CohortRow, PaybackPoint } from "./returns-types";

/** At most this many months per cohort row, and this many days on the payback chart (the most recent kept). */
const MAX_MONTHS = 24;
const MAX_DAYS = 800;

const nextMonth = (m: string): string => {
  const [y, mo] = m.split("-").map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, "0")}`;
};

function cohortRows(signups: Map<string, number>, costs: Map<string, Valued>, earned: Map<string, Valued> | null, through: string | null): CohortRow[] {
  const cohorts = [...new Set([...signups.keys(), ...costs.keys()])].sort();
  const lastMonth = through?.slice(0, 7) ?? null;
  return cohorts.map((cohort) => {
    const cost = costs.get(cohort);
    const months: string[] = [];
    for (let m = cohort; lastMonth !== null && m <= lastMonth && months.length < MAX_MONTHS; m = nextMonth(m)) months.push(m);
    // A month without commission is 0 (held), not blank; a month not valued makes every later running sum not valued.
    const sums = cumulative(months.map((m) => (earned === null ? null : (valuedFigure(earned.get(`${cohort}|${m}`), { value: "0", blank: null }).value))));
    return {
      cohort,
      signups: signups.get(cohort) ?? 0,
      cost: valuedFigure(cost, { value: null, blank: "no cost entered" }),
      months: months.map((month, i) => {
        const commission: Figure = sums[i] === null ? { value: null, blank: "not valued" } : { value: sums[i] ?? null, blank: null };
        return { month, commission, returnRatio: returnOf(commission, cost) };
      }),
    };
  });
}

/** The payback from `firstDay` (the first cost's day; none: no payback to chart) through the later of `through` and the last cost. */
function paybackPoints(costs: Map<string, Valued>, earned: Map<string, Valued> | null, firstDay: string | null, through: string | null): PaybackPoint[] {
  const lastCost = [...costs.keys()].sort().at(-1) ?? null;
  const last = [through, lastCost].filter((d): d is string => d !== null).sort().at(-1);
  if (firstDay === null || last === undefined) return [];
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let d = Math.max(Date.parse(`${firstDay}T00:00:00Z`), end - (MAX_DAYS - 1) * DAY_MS); d <= end; d += DAY_MS) days.push(isoDay(d));
  // Costs before the chart's first day are carried in as its opening sum.
  const before = [...costs.entries()].filter(([d]) => d < days[0]!).map(([, v]) => v.usdt);
  const opening = cumulative(before).at(-1) ?? "0";
  const cost = cumulative([opening, ...days.map((d) => (costs.has(d) ? costs.get(d)!.usdt : "0"))]).slice(1);
  const commission = cumulative(days.map((d) => (earned === null || (through !== null && d > through) ? null : (valuedFigure(earned.get(d), { value: "0", blank: null }).value))));
  return days.map((day, i) => ({ day, cost: cost[i] ?? null, commission: commission[i] ?? null }));
}

export async function codeCostsDetail(db: Db, connectionId: string, code: string): Promise<CodeCostsAnswer> {
  const cohort = cohortOf(connectionId, { code });
  const [costs, signupRows, monthCosts, dayCosts, held, asOf] = await Promise.all([
    listCosts(db, connectionId, code),
    queryRows<{ m: string; n: string; first: string }>(
      db,
      sql`select to_char(register_time at time zone 'UTC', 'YYYY-MM') as m, count(*)::text as n, to_char(min(register_time) at time zone 'UTC', 'YYYY-MM-DD') as first
          from invited_users where ${cohort} group by 1 order by 1`,
    ),
    valuedSums(db, connectionId, costRows(connectionId, costKeys.month, { code })),
    valuedSums(db, connectionId, costRows(connectionId, costKeys.day, { code })),
    commissionHeld(db, connectionId),
    dataAsOfIn(db, connectionId),
  ]);
  // The payback's first day: the code's first cost's (listCosts answers oldest first).
  const firstCostDay = costs[0]?.day ?? null;
  const campaignCohort = firstCostDay === null ? null : cohortOf(connectionId, { code, start: Date.parse(`${firstCostDay}T00:00:00Z`) });
  const [byCohort, byDay] = held
    ? await Promise.all([
        valuedSums(db, connectionId, commissionSinceSignupRows(connectionId, cohort, held.through, commissionKeys.cohortAndMonth)),
        campaignCohort === null ? Promise.resolve(null) : valuedSums(db, connectionId, commissionSinceSignupRows(connectionId, campaignCohort, held.through, commissionKeys.day)),
      ])
    : [null, null];
  const through = held ? isoDay(held.through) : null;
  const firstDay = [signupRows[0]?.first, firstCostDay].filter((d): d is string => d !== null && d !== undefined).sort()[0] ?? null;
  return {
    inviteCode: code,
    costs,
    through,
    partial: held !== null && firstDay !== null && isoDay(held.first) > firstDay,
    cohorts: cohortRows(new Map(signupRows.map((r) => [r.m, Number(r.n)])), monthCosts, byCohort, through),
    payback: paybackPoints(dayCosts, byDay, firstCostDay, through),
    dataAsOf: asOf.asOf,
  };
}
