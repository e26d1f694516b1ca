/**
 * The report-export tests' world (report-export*.test.ts): a demo app whose
 * warehouse is filled once from a seeded sandbox world, with an invitee whose
 * invite code and symbols a spreadsheet would run as formulas; the export
 * routes called as the browser calls them; a strict CSV reader.
 */
import { beforeAll, expect } from "vitest";
import { getDb } from "@/lib/db/client";
import { commissionItems, invitedUsers, syncState } from "@/lib/db/schema";
import { parseReportFilters, type ReportFilters } from "@/lib/reports/filters";
import type { ReportName } from "@/lib/reports/names";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { dataAsOfIn } from "@/lib/sync/engine";
import { REPORTS } from "@/lib/sync/reports";
import { demoAppSuite } from "./demo-app";
import { loadCommissions, loadInvitees, loadSubAffiliates, loadTradeAssetDays } from "./warehouse";
import { reportExportApi } from "./report-routes";


/** A strict RFC 4180 reader for tests: quoted cells, doubled quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) throw new Error("CSV does not end with CRLF");
  return rows;
}

/** The value before the formula guard: `'=x` → `=x` (plain numbers such as `-1.5` are never guarded). */
export const unguard = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Call once at the top of a test file: its own demo app (analyst), filled on first use. */
export function exportHarness() {
  const app = demoAppSuite("export", "analyst");
  const CONNECTION = "sandbox";
  const NOW = Date.now();
  const DAY = 86_400_000;
  const world = createAffiliateWorld({ seed: 17, invitees: 1400, days: 120, subAffiliates: 4, restate: false }, NOW);
  const HOSTILE_CODE = '=HYPERLINK("http://evil.example","click")';
  const HOSTILE_SYMBOLS = ["+SYM", "-SYM", "@SUM(A1)", "\tTAB", "\rCR", "=1+1"];
  const day = (back: number) => new Date(NOW - back * DAY).toISOString().slice(0, 10);
  const RANGE = `range=custom&from=${day(100)}&to=${day(1)}`;
  /** The sub-affiliate the Sub-affiliate report's exports are asked for (its page's `uid`). */
  const SUB = world.subAffiliateRecords(NOW)[0]!.subAffiliateUid;
  /** Parameters a report needs besides the view's filters: a detail page's own uid (the invitee with the hostile invite code and symbols). */
  const NEEDS: Partial<Record<ReportName, string>> = { "sub-affiliate": `&uid=${SUB}`, invitee: "&uid=9990000001" };

  let loaded: Promise<void> | undefined;
  /** Fills the app's warehouse once (after the suite's own beforeAll has opened the database). */
  function warehouse(): Promise<void> {
    loaded ??= (async () => {
      const db = await getDb();
      await loadInvitees(db, CONNECTION, world, NOW);
      await loadCommissions(db, CONNECTION, world, NOW);
      await loadSubAffiliates(db, CONNECTION, world, NOW);
      await loadTradeAssetDays(db, CONNECTION, world, NOW, 40);
      // Every synced report read up to a minute ago: exports are named with this "data as of".
      await db.insert(syncState).values(REPORTS.map((r) => ({ connectionId: CONNECTION, report: r.key, coveredFrom: NOW - 120 * DAY, coveredTo: NOW - 60_000, backfillDone: true })));
      // Hostile text a spreadsheet would run as formulas: an invite code, and symbols.
      await db.insert(invitedUsers).values({ connectionId: CONNECTION, uid: "9990000001", registerTime: new Date(NOW - 5 * DAY), kycResult: true, inviteCode: HOSTILE_CODE });
      await db.insert(commissionItems).values(
        HOSTILE_SYMBOLS.map((symbol, i) => ({
          connectionId: CONNECTION,
          uid: "9990000001",
          day: new Date(Date.parse(day(3 + i))),
          coin: "USDT",
          productType: "SPOT",
          symbol,
          sourceType: 1,
          fee: "-0.000000000000000123",
          commission: "-12.345678901234567891",
          rate: "0.2",
          takerAmount: "1",
          makerAmount: "0",
        })),
      );
    })();
    return loaded;
  }

  async function get(report: ReportName, query: string): Promise<Response> {
    await warehouse();
    return reportExportApi.GET(new Request(`http://localhost/api/reports/${report}/export?${query}`));
  }

  /** The CSV of a table as rows of original values (header first), and the raw response. */
  async function csv(report: ReportName, query: string): Promise<{ rows: string[][]; response: Response; text: string }> {
    const response = await get(report, query);
    expect(response.status, await response.clone().text().then((t) => t.slice(0, 300))).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.slice(3));
    return { rows: parseCsv(text).map((r) => r.map(unguard)), response, text };
  }

  /** The invitee with the most USDT commission in the export range (ground truth), for the detail page's exports. */
  function topInvitee(): string {
    const byUid = new Map<string, number>();
    for (const r of world.commissionItems(NOW)) if (r.coin === "USDT" && r.date >= Date.parse(day(100))) byUid.set(r.uid, (byUid.get(r.uid) ?? 0) + Number(r.commission));
    return [...byUid].sort((a, b) => b[1] - a[1])[0]![0];
  }

  const filtersOf = (query: string): ReportFilters => parseReportFilters(new URLSearchParams(query));

  /** The "data as of" part of an export's file name, computed here from the sync state: `asof-2026-11-24T1356Z`. */
  async function asOfPart(): Promise<string> {
    const { asOf } = await dataAsOfIn(await getDb(), CONNECTION);
    if (asOf === null) return "asof-not-synced";
    const d = new Date(asOf);
    const two = (n: number) => String(n).padStart(2, "0");
    return `asof-${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}Z`;
  }
  const body = (rows: string[][]) => rows.slice(1);

  // After the demo app's own beforeAll (it opens the database): every test finds the warehouse filled.
  beforeAll(() => warehouse());

  return { app, warehouse, CONNECTION, NOW, DAY, world, HOSTILE_CODE, HOSTILE_SYMBOLS, day, RANGE, SUB, NEEDS, get, csv, topInvitee, filtersOf, asOfPart, body };
}
