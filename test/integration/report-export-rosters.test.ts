/**
 * Report exports through their routes (test/support/export-harness.ts), the
 * long and the hostile: rosters come whole (every page, the view's search and
 * sort), hostile text is neutralised, large tables arrive in several chunks,
 * rows pass through share-link redaction, and bad tables and small roles are refused.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { streamReportCsv } from "@/lib/export/stream-report";
import { inviteCodeQuerySchema } from "@/lib/reports/invite-codes/contract";
import { rosterQuerySchema, type InviteeRow } from "@/lib/reports/invitees/contract";
import { tradeAssetQuerySchema, type TradeAssetRow } from "@/lib/reports/trade-assets/contract";
import { inviteCodesReport } from "@/lib/reports/invite-codes/sql";
import { inviteeReport, inviteeRosterBatches } from "@/lib/reports/invitees/sql";
import { subAffiliateDetailReport } from "@/lib/reports/sub-affiliate/sql";
import { tradeAssetReport, tradeAssetRowBatches } from "@/lib/reports/trade-assets/sql";
import { exportHarness, parseCsv } from "../support/export-harness";

const { app, warehouse, CONNECTION, NOW, world, HOSTILE_SYMBOLS, day, RANGE, SUB, get, csv, filtersOf, asOfPart, body } = exportHarness();

describe("report exports: rosters, hostile text, streaming, refusals", () => {
  /** Every row of the view, read through the report's own pages (200 a page). */
  async function allRosterPages(query: string): Promise<InviteeRow[]> {
    const rows: InviteeRow[] = [];
    const params = Object.fromEntries(new URLSearchParams(query));
    for (let page = 1; ; page++) {
      const r = await inviteeReport(await getDb(), CONNECTION, filtersOf(query), rosterQuerySchema.parse({ ...params, page, pageSize: 200 }));
      rows.push(...r.roster.rows);
      if (page * 200 >= r.roster.total) {
        expect(rows.length).toBe(r.roster.total);
        return rows;
      }
    }
  }

  it("invitee directory: all rows of the filtered, searched view in its sort order, across pages, with the range's figures", async () => {
    const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
    const views = [
      RANGE,
      `${RANGE}&sort=lastTrade&dir=asc`,
      `${RANGE}&sort=firstDeposit`,
      `${RANGE}&sort=uid&dir=asc&page=3&pageSize=10`,
      `${RANGE}&q=1`,
      `${RANGE}&sort=commission&kyc=yes`,
      `${RANGE}&sort=netDeposit&dir=asc&status=dormant`,
    ];
    for (const view of views) {
      const expected = await allRosterPages(view);
      const { rows } = await csv("invitees", `table=roster&${view}`);
      expect(rows[0]).toEqual([
        "uid",
        "Registered (UTC)",
        "KYC",
        "Invite code",
        "Source",
        "First deposit (UTC)",
        "Last deposit (UTC)",
        "First trade (UTC)",
        "Last trade (UTC)",
        "Status",
        "Coin of commission and net fee",
        "Commission in range (USDT)",
        "Commission valued in range (≈ USDT)",
        "Net fee in range (USDT)",
        "Net fee valued in range (≈ USDT)",
        "Spot + futures volume in range (USDT)",
        "Deposits in range (USDT)",
        "Withdrawals in range (USDT)",
        "Net deposits in range (USDT)",
        // The app's own export adds the team's records (none in this test: blank).
        "Tags (your team's)",
        "Follow-up (your team's)",
      ]);
      expect(body(rows).length, view).toBe(expected.length);
      expect(body(rows).map((r) => r[0]), view).toEqual(expected.map((r) => r.uid));
      expect(body(rows).map((r) => [...r.slice(1, 4), ...r.slice(5, 9), ...r.slice(10)])).toEqual(
        expected.map((r) => [
          iso(r.registerTime),
          r.kycResult ? "yes" : "no",
          r.inviteCode,
          iso(r.firstDeposit),
          iso(r.lastDeposit),
          iso(r.firstTrade),
          iso(r.lastTrade),
          r.coin,
          ...[r.commission, r.commissionUsdt, r.netFee, r.netFeeUsdt, r.volume, r.deposits, r.withdrawals, r.netDeposit].map((v) => v ?? ""),
          "",
          "",
        ]),
      );
    }
  });

  it("keyset batches of the roster and of trade & assets match the report's pages, across ties and nulls", async () => {
    const db = await getDb();
    const f = filtersOf(RANGE);
    for (const [sort, dir] of [["lastTrade", "asc"], ["lastTrade", "desc"], ["firstDeposit", "desc"], ["registerTime", "asc"], ["uid", "desc"]] as const) {
      const expected = (await allRosterPages(`${RANGE}&sort=${sort}&dir=${dir}`)).map((r) => r.uid);
      const got: string[] = [];
      for await (const batch of inviteeRosterBatches(db, CONNECTION, f, rosterQuerySchema.parse({ sort, dir }), { batchSize: 37 })) got.push(...batch.map((r) => r.uid));
      expect(got, `${sort} ${dir}`).toEqual(expected);
    }
    const tf = filtersOf(`range=custom&from=${day(30)}&to=${day(1)}`);
    for (const [sort, dir] of [["commission", "desc"], ["withdrawalAmount", "asc"], ["uid", "asc"]] as const) {
      const expected: TradeAssetRow[] = [];
      for (let page = 1; ; page++) {
        const r = await tradeAssetReport(db, CONNECTION, tf, tradeAssetQuerySchema.parse({ sort, dir, page, pageSize: 200 }));
        expected.push(...r.rows);
        if (page * 200 >= r.total) break;
      }
      const got: TradeAssetRow[] = [];
      for await (const batch of tradeAssetRowBatches(db, CONNECTION, tf, { sort, dir }, { batchSize: 37 })) got.push(...batch);
      expect(got, `${sort} ${dir}`).toEqual(expected);
    }
  });

  it("trade & assets: every per-invitee row in the view's sort, and the totals", async () => {
    const view = `range=custom&from=${day(30)}&to=${day(1)}&sort=netDeposit&dir=asc&page=2`;
    const db = await getDb();
    const expected: TradeAssetRow[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const r = await tradeAssetReport(db, CONNECTION, filtersOf(view), tradeAssetQuerySchema.parse({ sort: "netDeposit", dir: "asc", page, pageSize: 200 }));
      expected.push(...r.rows);
      total = r.total;
      if (page * 200 >= r.total) break;
    }
    const { rows } = await csv("trade-assets", `table=invitees&${view}`);
    expect(body(rows).length).toBe(total);
    expect(body(rows)).toEqual(expected.map((r) => [r.uid, r.depositAmount, r.withdrawalAmount, r.netDeposit, r.spotTradingAmount, r.futuresTradingAmount, r.commission]));
    const report = await tradeAssetReport(db, CONNECTION, filtersOf(view), tradeAssetQuerySchema.parse({}));
    const t = report.totals;
    expect(body((await csv("trade-assets", `table=totals&${view}`)).rows)).toEqual([
      [String(t.invitees), t.depositAmount, t.withdrawalAmount, t.netDeposit, t.spotTradingAmount, t.futuresTradingAmount, t.commission, report.top10.commission, report.top10.share],
    ]);
  });

  it("sub-affiliate and invite codes: every table equals the report digit for digit, every bucket and product, the view's sort", async () => {
    const q = `${RANGE}&uid=${SUB}&interval=week`;
    const report = await subAffiliateDetailReport(await getDb(), CONNECTION, filtersOf(q), new URLSearchParams(q), { top: null });
    expect(body((await csv("sub-affiliate", `table=products&${q}`)).rows)).toEqual(
      // The previous 100 days reach before this warehouse's history: blank, with the reason (its sums would be partial).
      report.products.map((p) => [p.productType, p.tradingVolume, p.volumeShare, p.netTradingFee, p.feeShare, p.paidCommission, p.commissionShare, p.afterSubShare, "", "", "", "", expect.stringMatching(/^not synced: history starts \d{4}-\d{2}-\d{2}$/)]),
    );
    const series = body((await csv("sub-affiliate", `table=series&${q}`)).rows);
    expect(series.length).toBe(report.buckets.length * report.products.length);
    const split = body((await csv("sub-affiliate", `table=fee-split&${q}`)).rows);
    expect(split.map((r) => r[0])).toEqual(report.buckets);
    for (const m of report.feeSplit) expect(split.find((r) => r[0] === m.bucket)).toEqual([m.bucket, m.paidCommission, m.afterSubShare, m.netTradingFee, ""]); // the team's annotations last: none made here
    const via = body((await csv("sub-affiliate", `table=via-sub-agents&${q}`)).rows);
    expect(via.length).toBe(report.viaSubAgents.invitees);
    // A USDT view: each invitee's ≈ USDT value is its commission.
    expect(via).toEqual(report.viaSubAgents.top.map((i) => [i.uid, i.coin, i.commission, i.commission, i.volume]));
    expect((await get("sub-affiliate", `table=products&${RANGE}&uid=nope`)).status).toBe(400);
    expect((await get("sub-affiliate", `table=products&${RANGE}&uid=1`)).status).toBe(404);

    const sorted = `${RANGE}&sort=commission&dir=asc`;
    const codes = await inviteCodesReport(await getDb(), CONNECTION, filtersOf(sorted), inviteCodeQuerySchema.parse({ sort: "commission", dir: "asc" }));
    const rows = body((await csv("invite-codes", `table=codes&${sorted}`)).rows);
    expect(rows.map((r) => r[0])).toEqual(codes.rows.map((r) => r.inviteCode));
    expect(rows.map((r) => [r[1], r[11], r[12], r[13]])).toEqual(codes.rows.map((r) => [String(r.signups), r.commission, r.commissionUsdt ?? "", r.volume]));
    // The hostile invite code is a text cell like any other: guarded.
    expect((await csv("invite-codes", `table=codes&${RANGE}`)).text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it("neutralises text cells a spreadsheet would read as formulas, and writes negative decimals as exact numbers", async () => {
    const roster = await csv("invitees", `table=roster&${RANGE}&q=999`);
    expect(roster.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const symbols = await csv("commissions", `table=by-symbol&${RANGE}`);
    for (const s of HOSTILE_SYMBOLS) expect(symbols.text).toContain(s.startsWith("\r") ? `"'${s}` : `'${s}`);
    // Negative amounts stay numbers a spreadsheet can sum, exact to the last digit.
    expect(symbols.text).toContain(",-12.345678901234567891,-0.000000000000000123,");
    const plainNumber = /^-?\d+(\.\d+)?$/;
    // No text cell of any line starts with a formula character unguarded, and no number is guarded.
    for (const row of [...parseCsv(symbols.text), ...parseCsv(roster.text)]) {
      for (const cell of row) {
        if (!plainNumber.test(cell)) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
        expect(cell, JSON.stringify(cell)).not.toMatch(/^'-?\d+(\.\d+)?$/);
      }
    }
  });

  it("streams a large table in several chunks", async () => {
    const response = await get("invitees", `table=roster&range=custom&from=${day(125)}&to=${day(0)}`);
    const reader = response.body!.getReader();
    let chunks = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
    }
    expect(world.invitedUsers(NOW).length).toBeGreaterThan(1_000);
    expect(chunks).toBeGreaterThan(3);
    expect(bytes).toBeGreaterThan(50_000);
  });

  it("hands each row and the columns' kinds to transformRow (share-link redaction) before writing it", async () => {
    await warehouse();
    const out = await streamReportCsv({
      db: await getDb(),
      connectionId: CONNECTION,
      report: "commissions",
      table: "top-invitees",
      filters: filtersOf(RANGE),
      query: new URLSearchParams(RANGE),
      transformRow: (row, columns) => ({ ...row, key: `${columns[0]?.key}:${columns[0]?.kind.kind}:hidden` }),
    });
    expect(out.filename).toBe(`commissions_top-invitees_${day(100)}_${day(1)}_${await asOfPart()}.csv`);
    const rows = parseCsv(await new Response(out.body).text());
    expect(rows.length).toBeGreaterThan(1);
    for (const row of body(rows)) expect(row[0]).toBe("key:uid:hidden");
  });

  it("refuses an unknown or missing table and a bad sort with a 400 JSON error, and a viewer with 403", async () => {
    const unknown = await get("commissions", `table=nope&${RANGE}`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("content-type")).toContain("application/json");
    expect(await unknown.json()).toMatchObject({ code: "UNKNOWN_TABLE", msg: expect.stringContaining("by-symbol") });
    expect((await get("overview", RANGE)).status).toBe(400);
    expect((await get("overview", `table=__proto__&${RANGE}`)).status).toBe(400);
    const badSort = await get("trade-assets", `table=invitees&sort=nope&${RANGE}`);
    expect(badSort.status).toBe(400);
    expect(await badSort.json()).toMatchObject({ code: "BAD_REQUEST" });
    app.role = "viewer";
    try {
      const refused = await get("invitees", `table=roster&${RANGE}`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "FORBIDDEN" });
    } finally {
      app.role = "analyst";
    }
  });
});
