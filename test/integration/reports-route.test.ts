/**
 * The one dynamic report route (app/api/reports/[report]/route.ts and
 * …/export/route.ts), called as Next calls it with the path's report name: it
 * answers each of the eight reports exactly as the report pipeline does for
 * that name (as the sixteen routes it replaced did), with an independent check
 * of one figure from raw rows; every export table of every report streams the
 * pipeline's own CSV; a name no report has is a 404 {code, msg}.
 */
import DecimalJs from "decimal.js";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { annotationColumnFor } from "@/lib/annotations/csv-column";
import { csvResponse, streamReportCsv } from "@/lib/export/stream-report";
import type { OpenedTable } from "@/lib/export/table-types";
import { teamColumnsFor } from "@/lib/invitee-work/csv-columns";
import { REPORT_CONTRACTS, tableIds } from "@/lib/reports/contracts";
import { REPORT_NAMES } from "@/lib/reports/names";
import { answerReport } from "@/lib/reports/run";
import { exportHarness } from "../support/export-harness";
import { reportApi, reportExportApi } from "../support/report-routes";

const { world, CONNECTION, NOW, RANGE, NEEDS, day, filtersOf, warehouse } = exportHarness();

/** Exact sums of 18-decimal amounts need more than decimal.js's default 20 significant digits. */
const Decimal = DecimalJs.clone({ precision: 80 });

describe("the dynamic report route", () => {
  it("answers each report by its path name, as the report pipeline answers that report", async () => {
    await warehouse();
    const db = await getDb();
    for (const report of REPORT_NAMES) {
      const query = `${RANGE}${NEEDS[report] ?? ""}`;
      const response = await reportApi.GET(new Request(`http://localhost/api/reports/${report}?${query}`));
      expect(response.status, report).toBe(200);
      expect(response.headers.get("content-type"), report).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control"), report).toBe("no-store");
      const answer: unknown = await response.json();
      // The report's own contract parses it: the route answered that report and no other.
      expect(REPORT_CONTRACTS[report].answer.safeParse(answer).success, report).toBe(true);
      const expected = await answerReport(db, CONNECTION, report, filtersOf(query), new URLSearchParams(query));
      expect(answer, report).toEqual(JSON.parse(JSON.stringify(expected)));
    }
  });

  it("the Commissions answer through the route holds the raw rows' USDT total, digit for digit", async () => {
    const response = await reportApi.GET(new Request(`http://localhost/api/reports/commissions?${RANGE}&coin=USDT`));
    expect(response.status).toBe(200);
    const { totals } = (await response.json()) as { totals: Array<{ coin: string; commission: string; items: number }> };
    const from = day(100);
    const to = day(1);
    const rows = world.commissionItems(NOW).filter((r) => r.coin === "USDT" && new Date(r.date).toISOString().slice(0, 10) >= from && new Date(r.date).toISOString().slice(0, 10) <= to);
    // The harness's hostile invitee: six USDT items of -12.345678901234567891, 3 to 8 days back.
    const hostile = new Decimal("-12.345678901234567891").times(6);
    const truth = rows.reduce((acc, r) => acc.plus(r.commission), new Decimal(0)).plus(hostile);
    expect(totals.map((t) => t.coin)).toEqual(["USDT"]);
    expect(new Decimal(totals[0]!.commission).equals(truth), `${totals[0]!.commission} vs ${truth.toFixed()}`).toBe(true);
    expect(totals[0]!.items).toBe(rows.length + 6);
  });

  it("streams every export table of every report as the export pipeline does", async () => {
    await warehouse();
    const db = await getDb();
    for (const report of REPORT_NAMES) {
      for (const table of tableIds(report)) {
        const query = `table=${table}&${RANGE}${NEEDS[report] ?? ""}`;
        const response = await reportExportApi.GET(new Request(`http://localhost/api/reports/${report}/export?${query}`));
        expect(response.status, `${report}/${table}`).toBe(200);
        const params = new URLSearchParams(query);
        // The app's export adds the team's columns to the directory (lib/invitee-work/csv-columns.ts) and its annotations
        // to a time table (lib/annotations/csv-column.ts), as the route does.
        const team = teamColumnsFor(report, table, db, CONNECTION);
        const notes = annotationColumnFor(report, filtersOf(query), db, CONNECTION);
        const extend = (opened: OpenedTable) => notes(team ? team(opened) : opened);
        const expected = csvResponse(await streamReportCsv({ db, connectionId: CONNECTION, report, table, filters: filtersOf(query), query: params, extend }));
        expect(response.headers.get("content-disposition"), `${report}/${table}`).toBe(expected.headers.get("content-disposition"));
        expect(response.headers.get("content-disposition"), `${report}/${table}`).toContain(`filename="${report}_${table}_`);
        expect(await response.text(), `${report}/${table}`).toBe(await expected.text());
      }
    }
  });

  it("answers 404 {code, msg} for a name no report has, for the view and its export", async () => {
    for (const name of ["nope", "Overview", "overviews", "__proto__", "constructor", "report-params"]) {
      const view = await reportApi.GET(new Request(`http://localhost/api/reports/${name}?${RANGE}`));
      expect(view.status, name).toBe(404);
      expect(await view.json(), name).toEqual({ code: "NOT_FOUND", msg: "no such report" });
      const csv = await reportExportApi.GET(new Request(`http://localhost/api/reports/${name}/export?table=totals&${RANGE}`));
      expect(csv.status, name).toBe(404);
      expect(await csv.json(), name).toEqual({ code: "NOT_FOUND", msg: "no such report" });
    }
  });
});
