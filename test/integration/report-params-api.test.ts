/**
 * The report API routes refuse an unusable parameter with 400 {code, msg, param}
 * naming it in words (lib/reports/report-params.ts, strict-params.ts), where
 * the pages fall back and say so; usable views still answer 200. The view, its
 * CSV export and its PDF route are checked alike (the refusal comes before any
 * rendering).
 */
import { describe, expect, it } from "vitest";
import * as pdf from "@/app/api/pdf/[report]/route";
import type { ReportName } from "@/lib/reports/names";
import { demoAppSuite } from "../support/demo-app";
import { reportApi, reportExportApi } from "../support/report-routes";

demoAppSuite("report-params", "analyst");

const get = (report: ReportName, query: string) => reportApi.GET(new Request(`http://localhost/api/reports/${report}?${query}`));

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { code: string; msg: string; param: string };
  expect(body.code).toBe("BAD_REQUEST");
  expect(body.msg).not.toMatch(/Invalid option|expected one of|Too big|Too small|Invalid input/i);
  return body;
}

const BAD: ReadonlyArray<readonly [ReportName, string, string, RegExp]> = [
  ["overview", "range=999d", "range", /^range: "999d" is not a period we offer/],
  ["overview", "from=2026-01-01", "to", /^to: is not a calendar day/],
  ["commissions", "range=custom&from=2026-03-02&to=2026-03-01", "from", /^from: "2026-03-02" is after the end date/],
  ["commissions", "range=custom&from=yesterday&to=2026-03-01", "from", /^from: "yesterday" is not a calendar day/],
  ["commissions", "from=2026-01-01&to=2026-01-31", "range", /^range: is missing \(from and to need range=custom\)/],
  ["commissions", "coin=DOGE", "coin", /^coin: "DOGE" is not a coin the reports show \(USDT or BTC\)$/],
  ["commissions", "product=MARGIN", "product", /^product: "MARGIN" is not a product/],
  ["commissions", "source=friends", "source", /^source: "friends" is not a source/],
  ["commissions", "tz=Mars%2FOlympus", "tz", /^tz: "Mars\/Olympus" is not a time zone/],
  ["commissions", "uid=12ab", "uid", /^uid: "12ab" is not an invitee uid/],
  ["sub-affiliates", "interval=hour", "interval", /^interval: "hour" is not a bucket size/],
  ["sub-affiliates", "sub=abc", "sub", /^sub: "abc" is not a sub-affiliate uid/],
  ["invitees", "sort=name", "sort", /^sort: "name" is not a roster column/],
  ["invitees", "dir=up", "dir", /^dir: "up" is not asc or desc$/],
  ["invitees", `q=${"a".repeat(41)}`, "q", /^q: "a{40}…" is not a search of up to 40/],
  ["invitees", "page=0", "page", /^page: "0" is not a page number/],
  ["invitees", "pageSize=1000", "pageSize", /^pageSize: "1000" is not a page size/],
  ["invitee", "uid=5000000001&dormantDays=0", "dormantDays", /^dormantDays: "0" is not a number of days/],
  ["invite-codes", "sort=name", "sort", /^sort: "name" is not a column/],
  ["sub-affiliate", "uid=5&interval=hour", "interval", /^interval: "hour" is not a bucket size/],
  ["trade-assets", "sort=volume", "sort", /^sort: "volume" is not a column/],
  ["trade-assets", "page=x", "page", /^page: "x" is not a page number/],
];

describe("report API routes and bad parameters", () => {
  it.each(BAD)("%s?%s → 400 naming %s", async (report, query, param, msg) => {
    const body = await refusal(await get(report, query));
    expect(body.param).toBe(param);
    expect(body.msg).toMatch(msg);
  });

  it("still answers 200 for usable views of every report", async () => {
    for (const [report, query] of [
      ["overview", ""],
      ["overview", "range=7d"],
      ["commissions", "range=custom&from=2026-01-01&to=2026-01-31&coin=BTC&product=SPOT&source=direct&interval=week&tz=Asia%2FTokyo"],
      ["sub-affiliates", "range=90d&interval=month&product=FUTURES"],
      ["invitees", "q=12&sort=uid&dir=asc&page=2&pageSize=10&dormantDays=60"],
      ["trade-assets", "sort=netDeposit&dir=asc&uid=5000000001"],
    ] as const) {
      const response = await get(report, query);
      expect(response.status, `${report}?${query}`).toBe(200);
      expect(((await response.json()) as { issues: string[] }).issues).toEqual([]);
    }
  });

  it("the CSV export and the PDF route refuse the same way, before any work", async () => {
    const csv = await refusal(await reportExportApi.GET(new Request("http://localhost/api/reports/commissions/export?table=totals&coin=DOGE")));
    expect(csv.param).toBe("coin");
    const printed = await refusal(await pdf.GET(new Request("http://localhost/api/pdf/invitees?sort=name"), { params: Promise.resolve({ report: "invitees" }) }));
    expect(printed.param).toBe("sort");
  });
});
