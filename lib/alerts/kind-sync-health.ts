/**
 * The sync itself: a report whose last run failed, data older than N minutes,
 * or the exchange answering 429/418 within N minutes (recorded by
 * lib/alerts/refusals.ts from the connection's client).
 */
import "server-only";
import { and, desc, eq, gte } from "drizzle-orm";
import { exchangeRefusals } from "../db/schema";
import { dataAsOfIn, syncStates } from "../sync/engine";
import { syncReportLabel } from "../sync/report-labels";
import type { Evaluator, KindResult } from "./types";

const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export const evaluateSyncHealth: Evaluator<"sync-health"> = async ({ db, connectionId, params, now }): Promise<KindResult> => {
  if (params.check === "failing") {
    const failing = (await syncStates(db, connectionId)).filter((s) => s.lastErrorAt && (!s.lastSuccessAt || s.lastErrorAt > s.lastSuccessAt));
    if (failing.length === 0) return { candidates: [], notes: [] };
    const latest = Math.max(...failing.map((s) => (s.lastErrorAt as Date).getTime()));
    const what = failing.map((s) => `${syncReportLabel(s.report)} (${s.lastError ?? "no message"})`).join("; ");
    return {
      candidates: [
        {
          conditionKey: "sync:failing",
          subject: new Date(latest).toISOString(),
          sentence: `The sync is failing: ${what}; last failure ${minute(latest)}.`,
          figures: { reportsFailing: String(failing.length), lastFailureAt: new Date(latest).toISOString() },
          links: [{ label: "Sync status (Overview)", href: "/" }],
        },
      ],
      notes: [],
    };
  }
  const minutes = params.minutes ?? 0;
  if (params.check === "stale") {
    const { asOf } = await dataAsOfIn(db, connectionId);
    if (asOf === null) return { candidates: [], notes: ["The warehouse is not synced yet: no data age to judge."] };
    const ageMinutes = Math.floor((now.getTime() - asOf) / 60_000);
    if (ageMinutes <= minutes) return { candidates: [], notes: [] };
    return {
      candidates: [
        {
          conditionKey: "sync:stale",
          subject: String(asOf),
          sentence: `The data is ${ageMinutes} minutes old (as of ${minute(asOf)}; threshold ${minutes} minutes).`,
          figures: { ageMinutes: String(ageMinutes), dataAsOf: new Date(asOf).toISOString(), thresholdMinutes: String(minutes) },
          links: [{ label: "Sync status (Overview)", href: "/" }],
        },
      ],
      notes: [],
    };
  }
  const since = new Date(now.getTime() - minutes * 60_000);
  const rows = await db
    .select({ status: exchangeRefusals.status, at: exchangeRefusals.at })
    .from(exchangeRefusals)
    .where(and(eq(exchangeRefusals.connectionId, connectionId), gte(exchangeRefusals.at, since)))
    .orderBy(desc(exchangeRefusals.at));
  if (rows.length === 0) return { candidates: [], notes: [] };
  const n429 = rows.filter((r) => r.status === 429).length;
  const n418 = rows.filter((r) => r.status === 418).length;
  const latest = rows[0]!.at.getTime();
  return {
    candidates: [
      {
        conditionKey: "sync:rate-limited",
        subject: new Date(latest).toISOString(),
        sentence: `The exchange refused ${rows.length} calls as too many in the last ${minutes} minutes (${n429} × 429 "too many requests", ${n418} × 418 "banned for a while"); last at ${minute(latest)}.`,
        figures: { refusals: String(rows.length), status429: String(n429), status418: String(n418), lastAt: new Date(latest).toISOString() },
        links: [{ label: "Sync status (Overview)", href: "/" }],
      },
    ],
    notes: [],
  };
};
