/**
 * Percentages links mean something: every report's answer on a percentages
 * link (live and snapshot) over a seeded warehouse whose history is synced,
 * walked by its contract's kinds:
 *
 * - a headline total (whole self / changeFrom / changeTo) is its change against
 *   the previous period, equal to the change computed here from the app's own
 *   answers for both periods — never the constant 100 % it used to be;
 * - a part of a whole that reads 100 % truly is the only part of it (every
 *   other row of its coin is zero, or it equals its whole in the app's answer).
 */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import * as shareList from "@/app/api/share/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { getDb } from "@/lib/db/client";
import { syncState } from "@/lib/db/schema";
import { REPORT_CONTRACTS } from "@/lib/reports/contracts";
import { mapFields, type FieldKind, type FieldPlace } from "@/lib/reports/contracts/fields";
import { REPORT_NAMES, type ReportName } from "@/lib/reports/names";
import { previousPeriod } from "@/lib/reports/periods";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { REPORTS } from "@/lib/sync/reports";
import { fullReadRow } from "@/lib/sync/state";
import { formatIsoDay } from "@/lib/url-state/date-range";
import { demoAppSuite } from "../support/demo-app";
import { loadCommissions, loadInvitees, loadSubAffiliates, loadTradeAssetDays } from "../support/warehouse";
import { reportApi } from "../support/report-routes";

demoAppSuite("share-percentages", "analyst");
const CONNECTION = "sandbox";
const NOW = Date.now();
const DAY = 86_400_000;
const RANGE = "range=30d";
/** 400 days: a 30-day view's same days a year earlier are in the world too. */
const WORLD = createAffiliateWorld({ seed: 31, invitees: 400, days: 400, subAffiliates: 3, restate: false }, NOW);
const HELD_DAYS = 400;
/** The detail page's invitee: the one earning the most USDT over the last 60 days, so both periods have figures. */
const DETAIL_UID = (() => {
  const byUid = new Map<string, number>();
  for (const r of WORLD.commissionItems(NOW)) if (r.coin === "USDT" && r.date >= NOW - 59 * DAY) byUid.set(r.uid, (byUid.get(r.uid) ?? 0) + Number(r.commission));
  return [...byUid].sort((a, b) => b[1] - a[1])[0]![0];
})();
const NEEDS: Partial<Record<ReportName, string>> = { "sub-affiliate": `&uid=${WORLD.subAffiliateRecords(NOW)[0]!.subAffiliateUid}`, invitee: `&uid=${DETAIL_UID}` };
const viewOf = (report: ReportName) => `${RANGE}${NEEDS[report] ?? ""}`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Money = Extract<FieldKind, { kind: "money" }>;

let loaded: Promise<void> | undefined;
/** The warehouse, filled from the world and marked synced back 400 days, so the previous period and a year earlier are held whole. */
function load(): Promise<void> {
  loaded ??= (async () => {
    const db = await getDb();
    await loadInvitees(db, CONNECTION, WORLD, NOW);
    await loadCommissions(db, CONNECTION, WORLD, NOW);
    await loadSubAffiliates(db, CONNECTION, WORLD, NOW);
    await loadTradeAssetDays(db, CONNECTION, WORLD, NOW, 120);
    const keys = [...REPORTS.map((r) => r.key), fullReadRow("getAffiliateUIDs")];
    await db.insert(syncState).values(keys.map((report) => ({ connectionId: CONNECTION, report, coveredFrom: NOW - HELD_DAYS * DAY, coveredTo: NOW, backfillDone: true })));
  })();
  return loaded;
}

async function appAnswer(report: ReportName, query: string): Promise<Json> {
  const res = await reportApi.GET(new Request(`http://localhost/api/reports/${report}?${query}`));
  expect(res.status, `${report} ${query}`).toBe(200);
  return (await res.json()) as Json;
}

async function sharedAnswer(report: ReportName, mode: "live" | "snapshot", extra = ""): Promise<Json> {
  const created = await shareList.POST(
    new Request("http://localhost/api/share", {
      method: "POST",
      body: JSON.stringify({ label: "percentages", expiry: "7d", report, query: `${viewOf(report)}${extra}`, mode, percentages: true }),
      headers: { "content-type": "application/json" },
    }),
  );
  expect(created.status, await created.clone().text()).toBe(201);
  const token = ((await created.json()) as { path: string }).path.slice("/r/".length);
  const res = await sharedData.GET(new Request(`http://localhost/r/${token}/data/${report}`), { params: Promise.resolve({ token, report }) });
  expect(res.status, `${report} ${mode}`).toBe(200);
  return (await res.json()) as Json;
}

/** Every money leaf of an answer, with its kind and place. */
function moneyLeaves(report: ReportName, answer: Json): Array<{ kind: Money; value: unknown; place: FieldPlace }> {
  const found: Array<{ kind: Money; value: unknown; place: FieldPlace }> = [];
  mapFields(REPORT_CONTRACTS[report].answer, answer, (kind, value, place) => {
    if (kind.kind === "money") found.push({ kind, value, place });
    return value;
  });
  return found;
}

const at = (value: Json, path: ReadonlyArray<string | number>): Json | undefined => {
  let here: Json | undefined = value;
  for (const step of path) here = here !== null && typeof here === "object" ? (here as Record<string | number, Json>)[step] : undefined;
  return here;
};
const isHeadline = (kind: Money) => kind.whole === "self" || (typeof kind.whole === "object" && !("of" in kind.whole));
/** The same row in another answer: by coin in a list (lists reorder), by name otherwise. */
function samePlace(here: Json, there: Json, path: ReadonlyArray<string | number>): Json | undefined {
  let a: Json | undefined = here;
  let b: Json | undefined = there;
  for (const step of path) {
    if (typeof step === "number") {
      const row: Json | undefined = Array.isArray(a) ? a[step] : undefined;
      const coin = row && typeof row === "object" && !Array.isArray(row) ? row.coin : undefined;
      b = Array.isArray(b) ? b.find((r) => r !== null && typeof r === "object" && !Array.isArray(r) && r.coin === coin) : undefined;
      a = row;
    } else {
      a = at(a ?? null, [step]);
      b = at(b ?? null, [step]);
    }
  }
  return b;
}
const change = (now: Json | undefined, before: Json | undefined): string | null =>
  typeof now === "string" && typeof before === "string" && !new Decimal(before).isZero() ? new Decimal(now).minus(before).div(new Decimal(before).abs()).times(100).toDecimalPlaces(2).toFixed(2) : null;

/**
 * The current figure a change compares: while today is partial the Overview's changes compare whole days only
 * (docs/periods.md), so its figure of the period without today (`currentWholeDays`) when the app's answer has one.
 */
function comparedNow(app: Json, path: ReadonlyArray<string | number>, now: Json | undefined): Json | undefined {
  const whole = at(app, ["currentWholeDays"]);
  return whole !== null && typeof whole === "object" && !Array.isArray(whole) ? at(whole, path.slice(1)) : now;
}

describe("percentages links show changes for headline totals and shares only for parts of a whole", () => {
  it("every report, live and snapshot: no headline reads a constant 100 %, each is its change against the previous period", async () => {
    await load();
    let headlines = 0;
    let changes = 0;
    for (const report of REPORT_NAMES) {
      const app = await appAnswer(report, viewOf(report));
      const range = app !== null && typeof app === "object" && !Array.isArray(app) ? (app.range as { from: string; to: string }) : undefined;
      const previous = previousPeriod({ start: Date.parse(`${range!.from}T00:00:00Z`), end: Date.parse(`${range!.to}T00:00:00Z`) });
      // Like with like: today (NOW) is partial, so a total's change compares whole days, each period without its last day.
      const days = (from: number, to: number) => appAnswer(report, `range=custom&from=${formatIsoDay(from)}&to=${formatIsoDay(to)}${NEEDS[report] ?? ""}`);
      const before = await days(previous.start, previous.end - DAY);
      const wholeDays = await days(Date.parse(`${range!.from}T00:00:00Z`), Date.parse(`${range!.to}T00:00:00Z`) - DAY);
      for (const mode of ["live", "snapshot"] as const) {
        const shared = await sharedAnswer(report, mode);
        for (const { kind, value, place } of moneyLeaves(report, shared)) {
          const where = `${report} ${mode} ${place.path.join(".")}`;
          const amount = at(app, place.path);
          if (isHeadline(kind)) {
            headlines++;
            // What the change must be, from the app's own amounts: within this answer, or against the previous period's answer.
            const whole = kind.whole;
            const expected =
              whole === "self"
                ? change(samePlace(app, wholeDays, place.path), samePlace(app, before, place.path))
                : typeof whole === "object" && "changeFrom" in whole
                  ? change(comparedNow(app, place.path, amount), at(app, [whole.changeFrom, ...place.path.slice(1)]))
                  : typeof whole === "object" && "changeTo" in whole
                    ? change(comparedNow(app, place.path, at(app, [whole.changeTo, ...place.path.slice(1)])), amount)
                    : null;
            expect(value, where).toBe(expected);
            if (value !== null) changes++;
            if (value === "100.00") expect(expected, `${where}: a real +100 %`).toBe("100.00");
          } else if (value === "100.00") {
            // A share of 100 %: the only part of its whole (its list's other rows of the coin are zero), or equal to its whole.
            const rows = place.rows ? (at(app, place.path.slice(0, -2)) as Json[]) : undefined;
            const field = place.field!;
            const row = at(app, place.path.slice(0, -1)) as Record<string, Json>;
            const others = (rows ?? []).filter((r) => r !== row && r !== null && typeof r === "object" && !Array.isArray(r) && r.coin === row.coin && !new Decimal(String(r[field] ?? "0")).isZero());
            expect(others, `${where}: 100 % yet other parts`).toEqual([]);
            if (!rows && typeof kind.whole === "object" && "of" in kind.whole) {
              const of = at(app, [kind.whole.of]) as Record<string, Json>;
              const sum = (kind.whole.fields ?? [field]).reduce((s, f) => s.plus(String(of[f] ?? "0")), new Decimal(0));
              expect(sum.eq(String(amount)), `${where}: 100 % of a whole it is not`).toBe(true);
            }
          }
        }
      }
    }
    // The walk reached headlines, and most of them carry a change (the previous period is held whole).
    expect(headlines).toBeGreaterThan(40);
    expect(changes).toBeGreaterThan(headlines / 2);
  });

  it("shows no change where the warehouse does not hold the whole previous period (never one against zeros)", async () => {
    await load();
    const db = await getDb();
    const { sql } = await import("drizzle-orm");
    await db.execute(sql`update sync_state set covered_from = ${NOW - 40 * DAY}`);
    try {
      const shared = (await sharedAnswer("commissions", "live")) as { totals: Array<Record<string, Json>> };
      expect(shared.totals.length).toBeGreaterThan(0);
      for (const t of shared.totals) expect([t.commission, t.fee, t.takerVolume, t.makerVolume]).toEqual([null, null, null, null]);
    } finally {
      await db.execute(sql`update sync_state set covered_from = ${NOW - HELD_DAYS * DAY}`);
    }
  });

  it("a link of a view compared with a year earlier: each total is its change against those days, whole days only", async () => {
    await load();
    const app = (await appAnswer("commissions", `${RANGE}&compare=yearAgo`)) as { periods: { current: { from: string; to: string }; yearAgo: { from: string; to: string } } };
    const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    const wholeDays = (s: { from: string; to: string }) => appAnswer("commissions", `range=custom&from=${s.from}&to=${formatIsoDay(dayOf(s.to) - DAY)}`);
    const [now, yearAgo] = (await Promise.all([wholeDays(app.periods.current), wholeDays(app.periods.yearAgo)])) as Array<{ totals: Array<Record<string, Json>> }>;
    expect(app.periods.yearAgo.from.slice(0, 4)).toBe(String(Number(app.periods.current.from.slice(0, 4)) - 1));
    for (const mode of ["live", "snapshot"] as const) {
      const shared = (await sharedAnswer("commissions", mode, "&compare=yearAgo")) as { totals: Array<Record<string, Json>> };
      let shown = 0;
      for (const row of shared.totals) {
        const mine = now!.totals.find((t) => t.coin === row.coin);
        const before = yearAgo!.totals.find((t) => t.coin === row.coin);
        for (const field of ["commission", "fee", "takerVolume", "makerVolume"]) {
          expect(row[field], `${mode} ${String(row.coin)} ${field}`).toBe(change(mine?.[field], before?.[field]));
          if (row[field] !== null) shown++;
        }
      }
      // The world's USDT items a year earlier: a change is shown, not "none".
      expect(shown, mode).toBeGreaterThan(0);
    }
  });

  it("the Overview of a view compared with a year earlier: each card is its change against the year-earlier figure", async () => {
    await load();
    const app = await appAnswer("overview", `${RANGE}&compare=yearAgo`);
    const shared = await sharedAnswer("overview", "live", "&compare=yearAgo");
    let shown = 0;
    for (const { kind, value, place } of moneyLeaves("overview", shared)) {
      if (!(typeof kind.whole === "object" && "changeFrom" in kind.whole)) continue;
      const expected = change(comparedNow(app, place.path, at(app, place.path)), at(app, ["yearAgo", ...place.path.slice(1)]));
      expect(value, place.path.join(".")).toBe(expected);
      if (value !== null) shown++;
    }
    expect(shown).toBeGreaterThan(0);
  });
});
