/**
 * Invitee-quality flags (issue #27) against the sandbox's default world (seed 42, default options: what `npm start`
 * serves), its rows loaded into a real embedded warehouse as the sync stores them: every planted case is raised for
 * its flag and no other invitee — the truth being the world's own record of what it planted, not the code under test.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as flagsRoute from "@/app/api/invitees/[uid]/flags/route";
import * as settingsRoute from "@/app/api/invitee-flags/settings/route";
import * as shareList from "@/app/api/share/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { evaluateConnection } from "@/lib/alerts/evaluate";
import { ruleInputSchema } from "@/lib/alerts/kinds";
import { createRule } from "@/lib/alerts/rules-store";
import { getDb } from "@/lib/db/client";
import { commissionItems } from "@/lib/db/schema";
import { checkReportParams } from "@/lib/reports/report-params";
import { flagsOf } from "@/lib/invitee-flags/detect";
import { DEFAULT_FLAG_SETTINGS } from "@/lib/invitee-flags/settings";
import { FLAG_KINDS, type FlagKind, type InviteeFlagsAnswer } from "@/lib/invitee-flags/types";
import { createAffiliateWorld, DEFAULT_AFFILIATE_WORLD_OPTIONS } from "@/lib/sandbox/data/affiliate";
import { demoAppSuite } from "../support/demo-app";
import { CONNECTION } from "../support/invitee-work";
import { reportApi } from "../support/report-routes";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "../support/warehouse";

const app = demoAppSuite("invitee-flags", "analyst");
const NOW = Date.now();
const world = createAffiliateWorld({ ...DEFAULT_AFFILIATE_WORLD_OPTIONS }, NOW);
const planted = world.planted();
const plantedOf = (kind: FlagKind) => new Set(planted[kind]);
const allPlanted = new Set(Object.values(planted).flat());

beforeAll(async () => {
  const db = await getDb();
  await loadInvitees(db, CONNECTION, world, NOW);
  await loadCommissions(db, CONNECTION, world, NOW);
  await loadTradeAssetDays(db, CONNECTION, world, NOW, DEFAULT_AFFILIATE_WORLD_OPTIONS.days + 1);
}, 240_000);

describe("invitee-quality flags in the default sandbox world", () => {
  it("raise every planted case for its flag, and nobody else", async () => {
    expect(app.role).toBe("analyst");
    const flags = await flagsOf(await getDb(), CONNECTION, DEFAULT_FLAG_SETTINGS);
    for (const kind of FLAG_KINDS) {
      const found = new Set([...flags].filter(([, list]) => list.some((f) => f.kind === kind)).map(([uid]) => uid));
      expect(found, kind).toEqual(plantedOf(kind));
    }
    expect(new Set(flags.keys())).toEqual(allPlanted);
  });
});

const same = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
async function directory(query: string): Promise<Set<string>> {
  const res = await reportApi.GET(new Request(`http://localhost/api/reports/invitees?range=30d&pageSize=200&${query}`));
  expect(res.status, query).toBe(200);
  const { roster } = (await res.json()) as { roster: { rows: Array<{ uid: string }>; total: number } };
  expect(roster.total, query).toBe(roster.rows.length);
  return new Set(roster.rows.map((r) => r.uid));
}
const putSettings = (body: unknown) =>
  settingsRoute.PUT(new Request("http://localhost/api/invitee-flags/settings", { method: "PUT", headers: { ...same, "content-type": "application/json" }, body: JSON.stringify(body) }));
const getSettings = () => settingsRoute.GET(new Request("http://localhost/api/invitee-flags/settings"));

describe("the flags' API, directory filter, share links and settings", () => {
  it("answers an invitee's flags with the rule in words and decimal evidence, and every rule when none is raised", async () => {
    for (const kind of FLAG_KINDS) {
      const uid = planted[kind][0]!;
      const res = await flagsRoute.GET(new Request(`http://localhost/api/invitees/${uid}/flags`), { params: Promise.resolve({ uid }) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as InviteeFlagsAnswer;
      expect(body.flags.map((f) => f.kind), uid).toEqual([kind]);
      const [flag] = body.flags;
      expect(flag!.rule).toMatch(/\d/);
      for (const [key, value] of Object.entries(flag!.evidence)) if (key !== "inviteCode") expect(value, key).toMatch(/^-?\d+(\.\d+)?$/);
      expect(flag!.from <= flag!.to).toBe(true);
    }
    const quiet = world.invitedUsers(NOW).find((u) => !allPlanted.has(u.uid))!.uid;
    const res = await flagsRoute.GET(new Request(`http://localhost/api/invitees/${quiet}/flags`), { params: Promise.resolve({ uid: quiet }) });
    const body = (await res.json()) as InviteeFlagsAnswer;
    expect(body.flags).toEqual([]);
    expect(body.rules.map((r) => r.kind)).toEqual([...FLAG_KINDS]);
  });

  it("filters the directory by each flag and by any, and refuses a bad flag naming it", async () => {
    for (const kind of FLAG_KINDS) expect(await directory(`flag=${kind}`), kind).toEqual(plantedOf(kind));
    expect(await directory("flag=any")).toEqual(allPlanted);
    const res = await reportApi.GET(new Request("http://localhost/api/reports/invitees?range=30d&flag=wash"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", param: "flag" });
    // The page: a notice naming it, and every invitee shown instead (as for a bad tag or follow-up).
    const page = checkReportParams("invitees", new URLSearchParams("range=30d&flag=wash&tag=vip"), new Date(NOW));
    expect(page.issues.map((i) => i.param)).toEqual(["flag"]);
    expect(page.query.get("flag")).toBeNull();
  });

  it("never lets a share link filter by a flag", async () => {
    const created = await shareList.POST(
      new Request("http://localhost/api/share", {
        method: "POST",
        body: JSON.stringify({ label: "flags", expiry: "7d", report: "invitees", query: "range=30d&flag=any", mode: "live" }),
        headers: { ...same, "content-type": "application/json" },
      }),
    );
    expect(created.status).toBe(201);
    const token = ((await created.json()) as { path: string }).path.slice("/r/".length);
    const params = { params: Promise.resolve({ token, report: "invitees" }) };
    const total = async (query: string) =>
      ((await (await sharedData.GET(new Request(`http://localhost/r/${token}/data/invitees?${query}`), params)).json()) as { roster: { total: number } }).roster.total;
    const everyone = world.invitedUsers(NOW).length;
    expect(await total("")).toBe(everyone);
    expect(await total("flag=low_fee")).toBe(everyone);
  });

  it("takes the connection's thresholds: a lower one flags more; a viewer can neither read nor change them", async () => {
    expect(((await (await getSettings()).json()) as { settings: unknown }).settings).toEqual(DEFAULT_FLAG_SETTINGS);
    const looser = { ...DEFAULT_FLAG_SETTINGS, burst: { ...DEFAULT_FLAG_SETTINGS.burst, minSignups: 3, multiple: 3 } };
    expect((await putSettings(looser)).status).toBe(200);
    const more = await directory("flag=signup_burst");
    expect(more.size).toBeGreaterThan(planted.signup_burst.length);
    for (const uid of planted.signup_burst) expect(more.has(uid)).toBe(true);
    expect((await putSettings({ burst: { minSignups: 1 } })).status).toBe(400);
    expect((await putSettings(DEFAULT_FLAG_SETTINGS)).status).toBe(200);
    expect(await directory("flag=signup_burst")).toEqual(plantedOf("signup_burst"));
    app.role = "viewer";
    try {
      expect((await putSettings(looser)).status).toBe(403);
      expect((await getSettings()).status).toBe(403);
    } finally {
      app.role = "analyst";
    }
  });
});

describe("the alert kind", () => {
  it("fires once for each newly flagged invitee — exactly the planted ones — and not again; refuses webhooks", async () => {
    const db = await getDb();
    const [owner] = await db.query.users.findMany({ limit: 1 });
    const creator = { id: owner!.id, email: owner!.email, name: owner!.email, role: owner!.role } as const;
    const input = { name: "Flagged", params: { kind: "invitee-flagged", flag: "any" }, cooldownMinutes: 60 };
    const rule = await createRule(db, ruleInputSchema.parse(input), CONNECTION, creator, new Date(NOW));
    const first = await evaluateConnection(db, CONNECTION, { now: new Date(NOW + 60_000) });
    const fired = first.events.filter((e) => e.ruleId === rule.id).map((e) => (e.figures as Record<string, string>).uid);
    expect(new Set(fired)).toEqual(allPlanted);
    expect(fired).toHaveLength(allPlanted.size);
    const again = await evaluateConnection(db, CONNECTION, { now: new Date(NOW + 3 * 3_600_000) });
    expect(again.events.filter((e) => e.ruleId === rule.id)).toEqual([]);
    expect(ruleInputSchema.safeParse({ ...input, channels: { webhooks: ["wh_1"] } }).success).toBe(false);
  });
});

describe("a warehouse still walking history backwards, and a zero-fee item", () => {
  it("flags no round trip whose earlier deposits are not synced yet (run last: it deletes old days)", async () => {
    const db = await getDb();
    // Days held back to 300, 200, … 20 days ago: as the sync's backfill stands at some moment, in reverse.
    for (const back of [300, 200, 150, 100, 60, 40, 20]) {
      const from = new Date(NOW - back * 86_400_000).toISOString().slice(0, 10);
      await db.execute(sql`delete from trade_asset_daily where connection_id = ${CONNECTION} and day < ${from}::date`);
      const flags = await flagsOf(db, CONNECTION, DEFAULT_FLAG_SETTINGS, undefined, ["round_trip"]);
      for (const uid of flags.keys()) expect(plantedOf("round_trip").has(uid), `${uid} with days from ${from}`).toBe(true);
    }
  });

  it("flags an invitee with a zero-fee item however its other fees look (run last: it adds an item)", async () => {
    const db = await getDb();
    const recent = world.commissionItems(NOW).filter((c) => c.coin === "USDT" && c.date >= NOW - 30 * 86_400_000 && !allPlanted.has(c.uid));
    const item = recent.find((c) => Number(c.takerAmount) + Number(c.makerAmount) > 1000)!;
    await db.insert(commissionItems).values({
      connectionId: CONNECTION, uid: item.uid, day: new Date(item.date), coin: "USDT", productType: item.productType, symbol: "ZEROFEEUSDT",
      sourceType: item.sourceType, fee: "0", commission: "0", rate: item.rate, takerAmount: "10", makerAmount: "0",
    });
    const flags = await flagsOf(db, CONNECTION, DEFAULT_FLAG_SETTINGS, [item.uid], ["low_fee"]);
    expect(flags.get(item.uid)?.[0]?.evidence.zeroFeeItems).toBe("1");
  });

});
