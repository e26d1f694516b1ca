/**
 * What a shared page's data route answers: the link's report for the request,
 * checked against the locked scope, from the warehouse (live) or the frozen
 * answers (snapshot) — never from the exchange — and redacted as the link says.
 */
import "server-only";
import { now } from "../clock";
import type { Db } from "../db/client";
import { REPORT_CONTRACTS } from "../reports/contracts";
import { answerReport } from "../reports/run";
import { previousPeriodAnswer } from "./previous-period";
import { redactReport, type PreviousPeriod } from "./redact";
import { checkScope, filtersOf, freeKey } from "./scope";
import { ShareRefusal } from "./serve";
import type { OpenShareLink } from "./store";
import { snapshotAnswer, type Snapshot } from "./snapshot";
import { maskUidFor } from "./token";

export function redactionOf(open: OpenShareLink) {
  return { ...(open.link.redactUids ? { maskUid: maskUidFor(open.link.id) } : {}), percentages: open.link.percentages, compare: open.scope.compare };
}

/** The request's parameters within the link's scope at `at` (a rolling link's days are those up to then), or a 403 refusal. */
export function scopedParams(open: OpenShareLink, request: URLSearchParams, at: Date = now()): URLSearchParams {
  // A redacted link cannot be searched by uid: a hit would confirm a uid.
  const check = checkScope(open.scope, request, { search: !open.link.redactUids, now: at });
  if (!check.ok) throw new ShareRefusal(403, "OUT_OF_SCOPE", `${check.reason}: a shared link shows only the view it was made for`);
  return check.params;
}

export async function sharedAnswer(db: Db, open: OpenShareLink, request: URLSearchParams): Promise<object> {
  // One "now" for the scope and the filters: a rolling link's days and the range's end agree.
  const at = now();
  const params = scopedParams(open, request, at);
  let answer: object | undefined;
  let previous: PreviousPeriod | undefined;
  if (open.link.mode === "snapshot") {
    const snapshot = open.link.snapshot as Snapshot | null;
    answer = snapshot ? snapshotAnswer(snapshot, freeKey(params)) : undefined;
    if (!answer) throw new ShareRefusal(404, "NOT_IN_SNAPSHOT", "a snapshot holds the view as it was created (its pages in the default order) and nothing else");
    if (open.link.percentages) previous = { answer: snapshot?.previous, ...(snapshot?.previousCurrentWholeDays ? { currentWholeDays: snapshot.previousCurrentWholeDays } : {}) };
  } else {
    const filters = filtersOf(params, at, open.scope);
    [answer, previous] = await Promise.all([
      answerReport(db, open.link.connectionId, open.report, filters, params),
      open.link.percentages ? previousPeriodAnswer(db, open.link.connectionId, open.report, filters, params, at) : undefined,
    ]);
  }
  return redactReport(REPORT_CONTRACTS[open.report].answer, answer, { ...redactionOf(open), previous });
}
