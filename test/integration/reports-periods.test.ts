/**
 * Month to date on a fixed clock (2026-11-26 11:00 UTC): the answer states 1–26 Nov against 1–26 Oct (not the 26
 * days right before, 6–31 Oct), and today's 11 hours are never compared with a whole day — every change compares
 * 1–25 Nov with 1–25 Oct. Truth is summed here from the seeded raw rows over dates written out by hand.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { syncState } from "@/lib/db/schema";
import { streamReportCsv } from "@/lib/export/stream-report";
import type { OverviewAnswer } from "@/lib/reports/overview/contract";
import { parseReportFilters } from "@/lib/reports/filters";
import { answerReport } from "@/lib/reports/run";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { REPORTS } from "@/lib/sync/reports";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 26, 11, 0, 0);
const world = createAffiliateWorld({ seed: 24, invitees: 300, days: 400, subAffiliates: 3, restate: false }, NOW);
const DAY = 86_400_000;
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", world, NOW);
  await loadInvitees(handle.db, "c1", world, NOW);
  await loadTradeAssetDays(handle.db, "c1", world, NOW, 70);
  // The warehouse holds the world's whole history (a compared period it did not hold would be blank, not compared).
  await handle.db.insert(syncState).values(REPORTS.map((r) => ({ connectionId: "c1", report: r.key, coveredFrom: NOW - 400 * DAY, coveredTo: NOW, backfillDone: true })));
}, 120_000);
afterAll(() => handle.close());

const start = (day: string) => Date.parse(`${day}T00:00:00Z`);
const end = (day: string) => start(day) + DAY - 1;

/** The figures of the days from `from` to `to` (UTC, inclusive; `to` may be today, counted up to NOW), from raw rows. */
function truth(from: string, to: string) {
  const [a, b] = [start(from), Math.min(end(to), NOW)];
  const items = world.commissionItems(NOW).filter((r) => r.date >= a && r.date <= b);
  const usdt = items.filter((r) => r.coin === "USDT");
  const add = (rows: typeof items, pick: (r: (typeof items)[number]) => string) => rows.reduce((s, r) => s.plus(pick(r)), new Decimal(0));
  return {
    commission: add(usdt, (r) => r.commission),
    netFee: add(usdt, (r) => r.fee),
    volume: items.reduce((s, r) => s.plus(r.takerAmount).plus(r.makerAmount), new Decimal(0)),
    activeTraders: new Set(items.map((r) => r.uid)).size,
    newInvitees: world.invitedUsers(NOW).filter((u) => u.registerTime >= a && u.registerTime <= b).length,
  };
}

function expectFigures(got: OverviewAnswer["current"] | null, want: ReturnType<typeof truth>, what: string) {
  expect(got, what).not.toBeNull();
  for (const key of ["commission", "netFee", "volume"] as const) {
    expect(want[key].equals(got![key]), `${what} ${key}: ${got![key]} ≠ ${want[key].toFixed()}`).toBe(true);
  }
  expect(Number(got!.activeTraders), `${what} activeTraders`).toBe(want.activeTraders);
  expect(Number(got!.newInvitees), `${what} newInvitees`).toBe(want.newInvitees);
}

const overview = async (params: Record<string, string>) => {
  const query = new URLSearchParams(params);
  return (await answerReport(handle.db, "c1", "overview", parseReportFilters(query, new Date(NOW)), query)) as OverviewAnswer;
};

describe("month to date on 26 Nov 2026, 11:00 UTC", () => {
  it("states 1–26 Nov against 1–26 Oct and a year earlier 1–26 Nov 2025, with today partial", async () => {
    const answer = await overview({ range: "mtd" });
    expect(answer.periods).toEqual({
      current: { from: "2026-11-01", to: "2026-11-26" },
      previous: { from: "2026-10-01", to: "2026-10-26" },
      yearAgo: { from: "2025-11-01", to: "2025-11-26" },
      partialDay: "2026-11-26",
    });
    expect(answer.compare).toBe("previous");
  });

  it("shows the whole period, today's hours included, but compares whole days only: 1–25 Nov with 1–25 Oct", async () => {
    const answer = await overview({ range: "mtd" });
    // Today has activity by 11:00, so leaving it out changes the figures: the rule is visible in the data.
    expect(truth("2026-11-26", "2026-11-26").commission.gt(0)).toBe(true);
    expectFigures(answer.current, truth("2026-11-01", "2026-11-26"), "current");
    expectFigures(answer.currentWholeDays, truth("2026-11-01", "2026-11-25"), "current whole days");
    expectFigures(answer.previous, truth("2026-10-01", "2026-10-25"), "previous");
    expectFigures(answer.yearAgo, truth("2025-11-01", "2025-11-25"), "a year ago");
  });

  it("the Headline figures CSV says today is partial and its changes compare the whole days", async () => {
    const query = new URLSearchParams({ range: "mtd" });
    const csv = await streamReportCsv({ db: handle.db, connectionId: "c1", report: "overview", table: "figures", filters: parseReportFilters(query, new Date(NOW)), query });
    const text = await new Response(csv.body).text();
    expect(text).toContain("Today is partial, so changes leave it out");
    expect(text).toContain("Today is 26 Nov 2026; compared here: 1–25 Nov 2026 with 1–25 Oct 2026.");
    const lines = text.split(/\r?\n/);
    const header = lines.find((l) => l.includes("Change vs previous"))!.split(",");
    const line = lines.find((l) => l.startsWith("commission,"));
    expect(line, text).toBeDefined();
    const cells = line!.split(",");
    const change = cells[header.indexOf("Change vs previous (fraction)")]!;
    const now = truth("2026-11-01", "2026-11-25").commission;
    const before = truth("2026-10-01", "2026-10-25").commission;
    expect(cells[header.indexOf("Previous period coverage")]).toBe("synced");
    expect(new Decimal(change).equals(now.minus(before).div(before.abs()).toDecimalPlaces(6))).toBe(true);
  });

  it("last month is October against September, whole, with no partial day", async () => {
    const answer = await overview({ range: "lastmonth", compare: "yearAgo" });
    expect(answer.periods).toEqual({
      current: { from: "2026-10-01", to: "2026-10-31" },
      previous: { from: "2026-09-01", to: "2026-09-30" },
      yearAgo: { from: "2025-10-01", to: "2025-10-31" },
      partialDay: null,
    });
    expect(answer.compare).toBe("yearAgo");
    expect(answer.currentWholeDays).toBeNull();
    expectFigures(answer.current, truth("2026-10-01", "2026-10-31"), "current");
    expectFigures(answer.previous, truth("2026-09-01", "2026-09-30"), "previous");
    // The chart overlays the compare choice: October 2025, day by day.
    expect(answer.commissionTrend[0]?.previousBucket).toBe("2025-10-01");
    expect(answer.commissionTrend.at(-1)?.previousBucket).toBe("2025-10-31");
  });
});
