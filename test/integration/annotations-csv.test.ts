/**
 * The team's annotations in the app's CSV of a time table (lib/annotations/csv-column.ts): each note on the row of the
 * bucket its chart marks it at, numbered and worded as the list under the chart; none on a table that is not a time
 * table; only the notes the view's chart shows when the view is narrowed to a sub-affiliate. Where each note belongs
 * is worked out here on its own from the notes this test makes and the CSV's own bucket column.
 */
import { describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/annotations/route";
import { parseCsv, unguard } from "../support/export-harness";
import { demoAppSuite } from "../support/demo-app";
import { reportExportApi } from "../support/report-routes";

demoAppSuite("annotations-csv", "analyst");

const HEADER = "Annotations (your team's)";
const RANGE = "range=custom&from=2026-11-01&to=2026-11-14";

/** The notes, in day order (the list's numbering): day, text, the sub-affiliate it is tied to. */
const NOTES = [
  { day: "2026-10-20", text: "Before the range", sub: null },
  { day: "2026-11-03", text: "Campaign launched", sub: null },
  { day: "2026-11-04", text: "Partner 1001 webinar", sub: "1001" },
  { day: "2026-11-10", text: "Partner 2002 left", sub: "2002" },
] as const;

async function make(note: (typeof NOTES)[number]): Promise<void> {
  const body = JSON.stringify({ day: note.day, text: note.text, ...(note.sub ? { subAffiliate: note.sub } : {}) });
  const headers = { origin: "http://localhost", "sec-fetch-site": "same-origin", "content-type": "application/json" };
  const response = await listRoute.POST(new Request("http://localhost/api/annotations", { method: "POST", headers, body }), { params: Promise.resolve({}) });
  expect(response.status).toBe(201);
}

/** The table: its header and rows as objects by header, the "# " note lines before the header skipped. */
async function table(report: string, query: string): Promise<{ header: string[]; rows: Array<Record<string, string>> }> {
  const response = await reportExportApi.GET(new Request(`http://localhost/api/reports/${report}/export?${query}`));
  expect(response.status).toBe(200);
  const lines = parseCsv((await response.text()).replace(/^\uFEFF/, "")).filter((r) => !(r.length === 1 && r[0]!.startsWith("# ")));
  const [header, ...rows] = lines.map((r) => r.map(unguard));
  return { header: header!, rows: rows.filter((r) => r.length === header!.length).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}

/** What each bucket's cell must say: the shown notes (numbered in day order) at the last bucket starting on or before their day. */
function expectedCells(buckets: readonly string[], shown: ReadonlyArray<(typeof NOTES)[number]>): Map<string, string> {
  const cells = new Map<string, string[]>(buckets.map((b) => [b, []]));
  shown.forEach((note, i) => {
    const at = [...buckets].reverse().find((b) => b <= note.day) ?? buckets[0]!;
    cells.get(at)!.push(`${i + 1}. ${note.day} ${note.text}${note.sub ? ` (sub-affiliate ${note.sub})` : ""}`);
  });
  return new Map([...cells].map(([b, words]) => [b, words.join("; ")]));
}

describe("annotations in the app's CSV", () => {
  it("stand on their bucket's row of a time table, as the chart marks them, and nowhere else", async () => {
    for (const note of NOTES) await make(note);
    const inRange = NOTES.filter((n) => n.day >= "2026-11-01" && n.day <= "2026-11-14");

    for (const interval of ["day", "week"]) {
      const { header, rows } = await table("commissions", `table=series-usdt&${RANGE}&interval=${interval}`);
      expect(header.at(-1)).toBe(HEADER);
      const buckets = [...new Set(rows.map((r) => r[header[0]!]!))].sort();
      const want = expectedCells(buckets, inRange);
      for (const row of rows) expect(row[HEADER], `${interval} ${row[header[0]!]}`).toBe(want.get(row[header[0]!]!));
      // Every note of the range is on some row, the one before it on none.
      const all = rows.map((r) => r[HEADER]).join("\n");
      for (const note of inRange) expect(all).toContain(note.text);
      expect(all).not.toContain("Before the range");
    }
    // A week's row holds both notes of its week, joined.
    const weeks = await table("commissions", `table=series-usdt&${RANGE}&interval=week`);
    expect(weeks.rows.some((r) => r[HEADER]!.includes("Campaign launched; 2. 2026-11-04"))).toBe(true);

    // A view narrowed to sub-affiliate 1001: its note and the untied one, not 2002's.
    const narrowed = await table("sub-affiliates", `table=series&${RANGE}&interval=day&sub=1001`);
    const shown = inRange.filter((n) => n.sub === null || n.sub === "1001");
    const buckets = narrowed.rows.map((r) => r[narrowed.header[0]!]!);
    const want = expectedCells(buckets, shown);
    for (const row of narrowed.rows) expect(row[HEADER]).toBe(want.get(row[narrowed.header[0]!]!));
    expect(narrowed.rows.map((r) => r[HEADER]).join("")).not.toContain("Partner 2002");

    // A table that is not a time table has no such column.
    expect((await table("commissions", `table=by-symbol&${RANGE}`)).header).not.toContain(HEADER);
  });
});
