/**
 * Redaction walks every report and every table of a seeded warehouse, on
 * masked links and on percentages links, live and snapshot, through the shared
 * routes — and checks what leaves without trusting the contracts' kinds:
 *
 * - no real invitee uid (read from the warehouse) is left in any JSON value or CSV cell;
 * - money left anywhere shows up by scaling: every amount in the warehouse is
 *   multiplied by 10, and a percentages answer must not move (shares do not scale;
 *   an amount would), while the app's own answers must (so the walk reaches money).
 *
 * Every answer must also parse with its contract's strict schema: a field the
 * contract does not describe (so has no kind) fails here.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as shareList from "@/app/api/share/route";
import * as sharedExport from "@/app/r/[token]/data/[report]/export/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { getDb, queryRows } from "@/lib/db/client";
import { REPORT_CONTRACTS, tableIds } from "@/lib/reports/contracts";
import { REPORT_NAMES, type ReportName } from "@/lib/reports/names";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { demoAppSuite } from "../support/demo-app";
import { loadCommissions, loadInvitees, loadSubAffiliates, loadTradeAssetDays } from "../support/warehouse";
import { reportApi } from "../support/report-routes";

const app = demoAppSuite("redaction", "analyst");
const CONNECTION = "sandbox";
const NOW = Date.now();
const RANGE = "range=90d";
const WORLD = createAffiliateWorld({ seed: 23, invitees: 500, days: 120, subAffiliates: 3, restate: false }, NOW);
/** Reports with a paged table: their second page is walked too. */
const PAGED: ReadonlySet<ReportName> = new Set(["invitees", "trade-assets"]);
const REPORTS_WITH_INVITEE_UIDS: readonly ReportName[] = ["overview", "commissions", "sub-affiliate", "invitees", "trade-assets", "invitee"];
/** The Invitees report shows no money; every other report does. */
const REPORTS_WITH_MONEY: readonly ReportName[] = ["overview", "commissions", "sub-affiliates", "sub-affiliate", "invite-codes", "trade-assets", "invitee"];

const world = WORLD;
/** The detail page's invitee: the one earning the most USDT over the last 90 days, so its view is full of figures. */
const DETAIL_UID = (() => {
  const byUid = new Map<string, number>();
  for (const r of world.commissionItems(NOW)) if (r.coin === "USDT" && r.date >= NOW - 89 * 86_400_000) byUid.set(r.uid, (byUid.get(r.uid) ?? 0) + Number(r.commission));
  return [...byUid].sort((a, b) => b[1] - a[1])[0]![0];
})();
/** Reports that need more than a range: the detail pages name their invitee or sub-affiliate (their page's path). */
const NEEDS: Partial<Record<ReportName, string>> = { "sub-affiliate": `&uid=${WORLD.subAffiliateRecords(NOW)[0]!.subAffiliateUid}`, invitee: `&uid=${DETAIL_UID}` };
/** Each report's view: the range, and a detail page's own uid. */
const viewOf = (report: ReportName): string => `${RANGE}${NEEDS[report] ?? ""}`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let loaded: Promise<void> | undefined;
/** Fills the app's warehouse once (lazily: the suite's own beforeAll opens the database first). */
function load(): Promise<void> {
  loaded ??= (async () => {
    const db = await getDb();
    await loadInvitees(db, CONNECTION, world, NOW);
    await loadCommissions(db, CONNECTION, world, NOW);
    await loadSubAffiliates(db, CONNECTION, world, NOW);
    await loadTradeAssetDays(db, CONNECTION, world, NOW, 90);
  })();
  return loaded;
}

/** Every amount column of the warehouse times `factor` (the rollups follow through their triggers). */
async function scaleAmounts(factor: number): Promise<void> {
  const db = await getDb();
  await db.execute(sql`update commission_items set fee = fee * ${factor}, commission = commission * ${factor}, taker_amount = taker_amount * ${factor}, maker_amount = maker_amount * ${factor}`);
  await db.execute(sql`update sub_affiliate_daily set trading_volume = trading_volume * ${factor}, net_trading_fee = net_trading_fee * ${factor}, paid_commission = paid_commission * ${factor}`);
  await db.execute(
    sql`update trade_asset_daily set deposit_amount = deposit_amount * ${factor}, withdrawal_amount = withdrawal_amount * ${factor},
        spot_trading_amount = spot_trading_amount * ${factor}, futures_trading_amount = futures_trading_amount * ${factor}, commission = commission * ${factor}`,
  );
}

async function realInviteeUids(): Promise<Set<string>> {
  const rows = await queryRows<{ uid: string }>(
    await getDb(),
    sql`select uid from invited_users union select uid from commission_items union select uid from trade_asset_daily`,
  );
  return new Set(rows.map((r) => r.uid));
}

async function createLink(report: ReportName, options: { mode: "live" | "snapshot"; redactUids?: boolean; percentages?: boolean }): Promise<string> {
  const res = await shareList.POST(
    new Request("http://localhost/api/share", {
      method: "POST",
      body: JSON.stringify({ label: "redaction", expiry: "7d", report, query: viewOf(report), ...options }),
      headers: { "content-type": "application/json" },
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { path: string }).path.slice("/r/".length);
}

/** The link's answers: its view, and the second page of its paged table. */
async function sharedAnswers(token: string, report: ReportName): Promise<Json[]> {
  const answers: Json[] = [];
  for (const query of PAGED.has(report) ? ["", "page=2"] : [""]) {
    const res = await sharedData.GET(new Request(`http://localhost/r/${token}/data/${report}?${query}`), { params: Promise.resolve({ token, report }) });
    expect(res.status, `${report} ${query}`).toBe(200);
    answers.push((await res.json()) as Json);
  }
  return answers;
}

function sharedCsv(token: string, report: ReportName, table: string): Promise<Response> {
  return sharedExport.GET(new Request(`http://localhost/r/${token}/data/${report}/export?table=${table}`), { params: Promise.resolve({ token, report }) });
}

/** The app's own answer of the same view (and its second page). */
async function appAnswers(report: ReportName): Promise<Json[]> {
  const answers: Json[] = [];
  const view = viewOf(report);
  for (const query of PAGED.has(report) ? [view, `${view}&page=2`] : [view]) {
    const res = await reportApi.GET(new Request(`http://localhost/api/reports/${report}?${query}`));
    expect(res.status).toBe(200);
    answers.push((await res.json()) as Json);
  }
  return answers;
}

/** Every string and number of a JSON value, wherever it sits. */
function leaves(value: Json): Array<string | number> {
  if (typeof value === "string" || typeof value === "number") return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === "object") return Object.values(value).flatMap(leaves);
  return [];
}

/** "Data as of" is the sync's clock, not the warehouse's figures: left out when comparing across the scaling. */
const withoutFreshness = (answers: Json[]): Json[] => answers.map((a) => (a && typeof a === "object" && !Array.isArray(a) ? { ...a, dataAsOf: null } : a));

const csvCells = (text: string): string[] => text.replace(/^\uFEFF/, "").split(/\r\n/).flatMap((line) => line.split(","));

describe("share-link redaction, by kind, of every report and every table", () => {
  it("every answer has a kind for every field: the contracts' strict schemas parse the app's answers", async () => {
    await load();
    for (const report of REPORT_NAMES) {
      for (const answer of await appAnswers(report)) {
        const parsed = REPORT_CONTRACTS[report].answer.safeParse(answer);
        expect(parsed.success, `${report}: ${parsed.error?.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`).toBe(true);
      }
    }
  });

  it("masked links leave no invitee uid in any answer or CSV table, live or snapshot", async () => {
    await load();
    const uids = await realInviteeUids();
    expect(uids.size).toBeGreaterThan(100);
    for (const report of REPORT_NAMES) {
      const plain = (await appAnswers(report)).flatMap(leaves);
      // The walk means something: these reports show invitee uids to the app.
      if (REPORTS_WITH_INVITEE_UIDS.includes(report)) expect(plain.some((v) => uids.has(String(v))), report).toBe(true);
      for (const mode of ["live", "snapshot"] as const) {
        const token = await createLink(report, { mode, redactUids: true });
        const shown = (await sharedAnswers(token, report)).flatMap(leaves);
        expect(shown.filter((v) => uids.has(String(v))), `${report} ${mode}`).toEqual([]);
        if (REPORTS_WITH_INVITEE_UIDS.includes(report)) expect(shown.some((v) => /^inv-[0-9a-f]{8}$/.test(String(v))), `${report} ${mode} pseudonyms`).toBe(true);
        for (const table of tableIds(report)) {
          const res = await sharedCsv(token, report, table);
          expect(res.status, `${report}/${table} ${mode}`).toBe(200);
          expect(csvCells(await res.text()).filter((cell) => uids.has(cell)), `${report}/${table} ${mode}`).toEqual([]);
        }
      }
    }
  });

  it("percentages links leave no amount: their answers do not move when every amount is scaled, their CSVs are refused", async () => {
    await load();
    const links = new Map<string, string>();
    for (const report of REPORT_NAMES) {
      for (const mode of ["live", "snapshot"] as const) links.set(`${report} ${mode}`, await createLink(report, { mode, percentages: true }));
    }
    const before = new Map<string, Json[]>();
    const appBefore = new Map<ReportName, Json[]>();
    for (const report of REPORT_NAMES) {
      appBefore.set(report, withoutFreshness(await appAnswers(report)));
      before.set(report, withoutFreshness(await sharedAnswers(links.get(`${report} live`)!, report)));
      for (const table of tableIds(report)) {
        for (const mode of ["live", "snapshot"]) expect((await sharedCsv(links.get(`${report} ${mode}`)!, report, table)).status, `${report}/${table} ${mode}`).toBe(403);
      }
    }
    // A snapshot made from the scaled warehouse must show what the live link showed before.
    await scaleAmounts(10);
    try {
      for (const report of REPORT_NAMES) {
        // The app's answers do move: the scaling reaches every report's money.
        if (REPORTS_WITH_MONEY.includes(report)) expect(withoutFreshness(await appAnswers(report)), report).not.toEqual(appBefore.get(report));
        expect(withoutFreshness(await sharedAnswers(links.get(`${report} live`)!, report)), `${report} live`).toEqual(before.get(report));
        const scaledSnapshot = await createLink(report, { mode: "snapshot", percentages: true });
        expect(withoutFreshness(await sharedAnswers(scaledSnapshot, report)), `${report} snapshot`).toEqual(before.get(report));
      }
    } finally {
      await scaleAmounts(0.1);
    }
    // Nothing of a percentages link's amounts is stored either: its snapshot froze no CSV.
    const stored = await queryRows<{ csv: string | null }>(await getDb(), sql`select (snapshot -> 'csv')::text as csv from share_links where percentages and mode = 'snapshot'`);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.csv).toBe("{}");
    expect(app.role).toBe("analyst");
  });
});

describe("the invitee detail page: its route and its links", () => {
  const get = async (query: string) => {
    const res = await reportApi.GET(new Request(`http://localhost/api/reports/invitee?${query}`));
    return { status: res.status, body: (await res.json()) as { code?: string; msg?: string } };
  };

  it("answers 404 {code,msg} for an unknown uid and 400 naming uid when it is missing or malformed", async () => {
    await load();
    expect(await get(`${RANGE}&uid=9999999999999`)).toMatchObject({ status: 404, body: { code: "INVITEE_NOT_FOUND" } });
    for (const query of [RANGE, `${RANGE}&uid=`, `${RANGE}&uid=12ab`, `${RANGE}&uid=${"9".repeat(25)}`]) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.msg, query).toMatch(/^uid: /);
      expect(typeof body.code).toBe("string");
    }
    expect((await get(viewOf("invitee"))).status).toBe(200);
  });

  it("a link is locked to its uid: another uid is 403 OUT_OF_SCOPE, its own passes; a view without a uid cannot be shared", async () => {
    await load();
    const token = await createLink("invitee", { mode: "live", redactUids: true });
    const other = world.invitedUsers(NOW).find((u) => u.uid !== DETAIL_UID)!.uid;
    const ask = (query: string, route: "data" | "export" = "data") =>
      (route === "data" ? sharedData : sharedExport).GET(new Request(`http://localhost/r/${token}/data/invitee${route === "export" ? "/export" : ""}?${query}`), {
        params: Promise.resolve({ token, report: "invitee" }),
      });
    for (const route of ["data", "export"] as const) {
      const refused = await ask(`uid=${other}&table=profile`, route);
      expect(refused.status, route).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe("OUT_OF_SCOPE");
      expect((await ask(`uid=${DETAIL_UID}&table=profile`, route)).status, route).toBe(200);
    }
    // The masked answer names the invitee by its pseudonym only, in its profile and its milestones' CSV.
    const answer = (await (await ask("")).json()) as { profile: { uid: string } };
    expect(answer.profile.uid).toMatch(/^inv-[0-9a-f]{8}$/);
    const csv = await (await ask("table=milestones", "export")).text();
    expect(csv).toContain(answer.profile.uid);
    expect(csv).not.toContain(DETAIL_UID);
    const res = await shareList.POST(
      new Request("http://localhost/api/share", {
        method: "POST",
        body: JSON.stringify({ label: "no uid", expiry: "7d", report: "invitee", query: RANGE, mode: "live" }),
        headers: { "content-type": "application/json" },
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/^uid: /);
  });
});
