import { describe, expect, it } from "vitest";
import { printUrl } from "../../export/pdf";
import { ROSTER_PAGING, rosterQuerySchema } from "../invitees/contract";
import { checkReportParams } from "../report-params";
import { TRADE_ASSET_PAGING, tradeAssetQuerySchema } from "../trade-assets/contract";
import { REPORT_CONTRACTS } from "./index";

const PAGED = [
  { report: "invitees", paging: ROSTER_PAGING, schema: rosterQuerySchema },
  { report: "trade-assets", paging: TRADE_ASSET_PAGING, schema: tradeAssetQuerySchema },
] as const;

describe("paging limits, declared once per report", () => {
  it("are the contract's, and the only paged reports are the ones with a paged table", () => {
    const paged = Object.values(REPORT_CONTRACTS).filter((c: { paging?: unknown }) => c.paging !== undefined).map((c) => c.name);
    expect(paged.sort()).toEqual(PAGED.map((p) => p.report).sort());
    for (const { report, paging } of PAGED) expect(REPORT_CONTRACTS[report].paging).toBe(paging);
  });

  it("bound the query schema the SQL reads: its default size, its smallest and its largest page", () => {
    for (const { report, paging, schema } of PAGED) {
      expect(schema.parse({}).pageSize, report).toBe(paging.pageSize);
      expect(schema.parse({ pageSize: String(paging.maxPageSize) }).pageSize, report).toBe(paging.maxPageSize);
      expect(schema.safeParse({ pageSize: String(paging.maxPageSize + 1) }).success, report).toBe(false);
      expect(schema.safeParse({ pageSize: String(paging.minPageSize - 1) }).success, report).toBe(false);
      expect(schema.safeParse({ page: String(paging.maxPage + 1) }).success, report).toBe(false);
    }
  });

  it("bound the URL notices in the same words", () => {
    for (const { report, paging } of PAGED) {
      const { issues, filters } = checkReportParams(report, new URLSearchParams(`pageSize=${paging.maxPageSize + 1}`));
      expect(filters).toBeDefined();
      expect(issues.map((i) => i.param), report).toEqual(["pageSize"]);
      expect(JSON.stringify(issues[0]), report).toContain(`a page size from ${paging.minPageSize} to ${paging.maxPageSize}`);
      expect(checkReportParams(report, new URLSearchParams(`pageSize=${paging.maxPageSize}`)).issues, report).toEqual([]);
    }
  });

  it("a live printout reads pages every paged report holds", () => {
    const size = Number(new URL(printUrl("http://x", "t", "live")).searchParams.get("pageSize"));
    expect(size).toBe(Math.min(...PAGED.map((p) => p.paging.maxPageSize)));
    for (const { report } of PAGED) expect(checkReportParams(report, new URLSearchParams(`pageSize=${size}`)).issues, report).toEqual([]);
    expect(new URL(printUrl("http://x", "t", "snapshot")).searchParams.has("pageSize")).toBe(false);
  });
});
