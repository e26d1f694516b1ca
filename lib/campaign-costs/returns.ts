/**
 * Invite codes' campaign figures for a view (the page's filters: the sign-ups of its range): per code, the cost
 * entered on the range's days (≈ USDT), cost per sign-up, per first deposit and per first trade of the range's
 * sign-ups, their commission since sign-up through the last whole day synced (≈ USDT), and return (commission ÷ cost).
 * The counts are the Invite codes report's own (its funnel statement), so the two tables agree.
 */
import "server-only";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";
import type { ReportFilters } from "../reports/filters";
import { inviteCodeFunnelStatement } from "../reports/invite-codes/sql";
import { isoDay, utcDayOf } from "../reports/coverage";
import { costPer, returnOf, valuedFigure, type Figure } from "./figures";
import { commissionHeld } from "./held";
import { cohortOf, commissionKeys, commissionSinceSignupRows, costKeys, costRows } from "./rows-sql";
import { valuedSums } from "./valued-sums";
import type { ReturnRow, ReturnsAnswer } from "./returns-types";

type Counts = { code: string | null; total: boolean; signups: string; deposited: string; traded: string };

export async function inviteCodeReturns(db: Db, connectionId: string, f: ReportFilters): Promise<ReturnsAnswer> {
  const { startTime: start, endTime: end } = f.range;
  const [counts, costs, held] = await Promise.all([
    queryRows<Counts>(db, inviteCodeFunnelStatement(connectionId, f)),
    valuedSums(db, connectionId, costRows(connectionId, costKeys.code, { from: start, to: end })),
    commissionHeld(db, connectionId),
  ]);
  const commission = held ? await valuedSums(db, connectionId, commissionSinceSignupRows(connectionId, cohortOf(connectionId, { start, end }), held.through, commissionKeys.code)) : null;
  const notSynced: Figure = { value: null, blank: "not synced" };
  const codes = new Set([...counts.filter((c) => !c.total).map((c) => c.code ?? ""), ...costs.keys()]);
  const rows: ReturnRow[] = [...codes].sort().map((code) => {
    const n = counts.find((c) => !c.total && c.code === code);
    const [signups, deposited, traded] = [Number(n?.signups ?? 0), Number(n?.deposited ?? 0), Number(n?.traded ?? 0)];
    const cost = costs.get(code);
    // No commission row for a synced cohort: its invitees earned nothing since sign-up, which is 0 (held), not blank.
    const earned = commission ? valuedFigure(commission.get(code), { value: "0", blank: null }) : notSynced;
    return {
      inviteCode: code,
      signups,
      deposited,
      traded,
      cost: valuedFigure(cost, { value: null, blank: "no cost entered" }),
      costNatives: cost?.natives ?? [],
      costPerSignup: costPer(cost, signups, "sign-ups"),
      costPerDeposit: costPer(cost, deposited, "first deposits"),
      costPerTrade: costPer(cost, traded, "first trades"),
      commission: earned,
      returnRatio: returnOf(earned, cost),
    };
  });
  return {
    through: held ? isoDay(held.through) : null,
    // Sign-ups before the first whole day held: their commission since sign-up is only partly synced.
    partial: held !== null && held.first > utcDayOf(start),
    heldFrom: held ? isoDay(held.first) : null,
    rows,
  };
}
