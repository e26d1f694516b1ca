/**
 * Alert rules against a seeded warehouse with planted events (a whale deposit,
 * a dormant top invitee, a volume drop, a funnel count, stale data): each fires
 * once, respects its cooldown, does not fire again on unchanged data, and its
 * figures equal an independent decimal.js computation over the same records.
 */
import Decimal from "decimal.js";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateConnection } from "@/lib/alerts/evaluate";
import { ruleInputSchema } from "@/lib/alerts/kinds";
import { createRule, setRuleState } from "@/lib/alerts/rules-store";
import { createDb, type DbHandle } from "@/lib/db/client";
import { formatCoinAmount } from "@/lib/format/amount";
import { alertEvents, alertRules, commissionItems, deliveries, exchangeRefusals, users } from "@/lib/db/schema";
import { analyst, CONNECTION, DAY, NOW, plantTradeAssetDay, seedAlertWorld, world } from "../support/alerts-world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await seedAlertWorld(handle.db);
}, 120_000);
afterAll(() => handle.close());

const at = (ms: number) => new Date(ms);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const LAST_COMPLETE = Math.floor(NOW / DAY) * DAY - DAY; // 2026-11-19: the day holding NOW is read only up to NOW

async function rule(input: unknown, createdAt = NOW) {
  return createRule(handle.db, ruleInputSchema.parse(input), CONNECTION, analyst, at(createdAt));
}
async function evaluate(now: number, ruleId: string) {
  const { events, outcomes } = await evaluateConnection(handle.db, CONNECTION, { now: at(now) });
  return { events: events.filter((e) => e.ruleId === ruleId), outcome: outcomes.find((o) => o.ruleId === ruleId)! };
}
async function pause(id: string) {
  await setRuleState(handle.db, id, { paused: true }, analyst, at(NOW));
}

describe("alert rules on planted events", () => {
  it("a whale deposit fires once per record, with its exact amount, mail and webhook queued once", async () => {
    const max = world.tradeAndAsset(NOW, { startTime: LAST_COMPLETE - DAY, endTime: NOW }).reduce((m, r) => Decimal.max(m, r.depositAmount), new Decimal(0));
    const threshold = max.plus(1).toFixed();
    const r = await rule({ name: "Whales", params: { kind: "large-flow", flow: "deposit", amount: threshold, coin: "USDT" }, channels: { mail: ["boss@example.com"], webhooks: ["wh_1"] }, cooldownMinutes: 60 });
    expect((await evaluate(NOW, r.id)).events).toHaveLength(0);

    const whale = new Decimal(threshold).plus("12345.678").toFixed();
    const uid = world.invitedUsers(NOW)[5]!.uid;
    await plantTradeAssetDay(handle.db, uid, isoDay(NOW), whale);
    const first = await evaluate(NOW + 60_000, r.id);
    expect(first.events).toHaveLength(1);
    const e = first.events[0]!;
    expect(new Decimal((e.figures as Record<string, string>).amount!).equals(whale)).toBe(true);
    // What a person reads is rounded to the coin's decimals; the figures (and the mail's figure lines) keep every digit.
    const shown = formatCoinAmount(whale, "USDT");
    expect(shown).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(e.sentence).toContain(`Invitee ${uid} deposited ${shown} USDT on ${isoDay(NOW)}`);
    expect(e.links).toEqual([{ label: `Invitee ${uid}`, href: `/invitees/${uid}?range=custom&from=${isoDay(NOW)}&to=${isoDay(NOW)}` }]);
    const queued = await handle.db.select().from(deliveries).where(eq(deliveries.originId, e.id));
    expect(queued.map((d) => d.dedupeKey).sort()).toEqual([`alert:${e.id}:mail:boss@example.com`, `alert:${e.id}:webhook:wh_1`]);
    const mail = queued.find((d) => d.channel === "mail")!.message as { text: string; html: string };
    expect(mail.text).toContain(whale);
    expect((queued.find((d) => d.channel === "webhook")!.message as { text: string }).text).toContain(shown);

    // Unchanged data, within and long after the cooldown: never again.
    expect((await evaluate(NOW + 120_000, r.id)).events).toHaveLength(0);
    expect((await evaluate(NOW + 5 * 3_600_000, r.id)).events).toHaveLength(0);
    // A second whale is another record: it fires.
    const other = world.invitedUsers(NOW)[6]!.uid;
    await plantTradeAssetDay(handle.db, other, isoDay(NOW), whale);
    expect((await evaluate(NOW + 5 * 3_600_000 + 1, r.id)).events.map((x) => (x.figures as Record<string, string>).uid)).toEqual([other]);
    await pause(r.id);
  });

  it("a volume drop on the last complete day fires once with the exact figures of both days", async () => {
    const sumDay = async (day: number) =>
      (
        await handle.db
          .select({ v: sql<string>`coalesce(sum(${commissionItems.takerAmount} + ${commissionItems.makerAmount}), 0)::text` })
          .from(commissionItems)
          .where(and(eq(commissionItems.connectionId, CONNECTION), gte(commissionItems.day, at(day)), lt(commissionItems.day, at(day + DAY))))
      )[0]!.v;
    // Independent truth: the world's items of the two days, before and after the drop.
    const itemsOf = (day: number) => world.commissionItems(NOW).filter((i) => i.date === day);
    const truth = (day: number, factor: Decimal) => itemsOf(day).reduce((a, i) => a.plus(new Decimal(i.takerAmount).times(factor)).plus(new Decimal(i.makerAmount).times(factor)), new Decimal(0));
    const prev = truth(LAST_COMPLETE - DAY, new Decimal(1));
    const before = truth(LAST_COMPLETE, new Decimal(1));
    expect(prev.equals(await sumDay(LAST_COMPLETE - DAY))).toBe(true);
    const naturalDrop = before.minus(prev).div(prev).times(100);

    const r = await rule({ name: "Volume falls", params: { kind: "period-change", metric: "volume", period: "day", direction: "down", percent: 80 }, cooldownMinutes: 120 });
    expect((await evaluate(NOW, r.id)).events).toHaveLength(naturalDrop.lessThan(-80) ? 1 : 0);

    // Drop the day's volume to a tenth, rewriting its items as a restating sync would.
    await handle.db.execute(sql`update commission_items set taker_amount = taker_amount / 10, maker_amount = maker_amount / 10, updated_at = now()
      where connection_id = ${CONNECTION} and day = ${at(LAST_COMPLETE).toISOString()}::timestamptz`);
    const after = truth(LAST_COMPLETE, new Decimal("0.1"));
    expect(after.equals(await sumDay(LAST_COMPLETE))).toBe(true);
    const fired = await evaluate(NOW + 60_000, r.id);
    expect(fired.events).toHaveLength(1);
    const f = fired.events[0]!.figures as Record<string, string>;
    expect(new Decimal(f.current!).equals(after) && new Decimal(f.previous!).equals(prev)).toBe(true);
    expect(f.changePercent).toBe(after.minus(prev).div(prev).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    expect(f.currentPeriod).toBe(isoDay(LAST_COMPLETE));
    expect(fired.events[0]!.sentence).toContain(`on ${isoDay(LAST_COMPLETE)} against`);
    expect((await evaluate(NOW + 2 * 60_000, r.id)).events).toHaveLength(0);
    // The same compared days after the cooldown: unchanged data, no second event.
    expect((await evaluate(NOW + 3 * 3_600_000, r.id)).events).toHaveLength(0);
    await pause(r.id);
  });

  it("a monthly rule compares the last whole calendar month with the month before, per coin, exactly", async () => {
    // NOW is 2026-11-20: the last whole month held is October (31 days), compared with September (30 days).
    const october = [Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 31)] as const;
    const september = [Date.UTC(2026, 8, 1), Date.UTC(2026, 8, 30)] as const;
    const sumOf = (coin: string, [from, to]: readonly [number, number]) =>
      world.commissionItems(NOW).filter((i) => i.coin === coin && i.date >= from && i.date <= to).reduce((a, i) => a.plus(i.commission), new Decimal(0));
    const coins = [...new Set(world.commissionItems(NOW).map((i) => i.coin))].sort();
    const expected = coins
      .map((coin) => ({ coin, cur: sumOf(coin, october), prev: sumOf(coin, september) }))
      .filter(({ cur, prev }) => !prev.isZero() && cur.minus(prev).div(prev.abs()).times(100).abs().greaterThan(0.01) && !cur.equals(prev));
    expect(expected.length).toBeGreaterThan(0);
    const r = await rule({ name: "Monthly commission", params: { kind: "period-change", metric: "commission", period: "month", direction: "either", percent: 0.01 }, cooldownMinutes: 60 });
    const { events } = await evaluate(NOW, r.id);
    expect(events.map((e) => (e.figures as Record<string, string>).coin).sort()).toEqual(expected.map((x) => x.coin));
    for (const { coin, cur, prev } of expected) {
      const f = events.find((e) => (e.figures as Record<string, string>).coin === coin)!.figures as Record<string, string>;
      expect(new Decimal(f.current!).equals(cur) && new Decimal(f.previous!).equals(prev), coin).toBe(true);
      expect(f.currentPeriod).toBe("2026-10-01 → 2026-10-31");
      expect(f.previousPeriod).toBe("2026-09-01 → 2026-09-30");
    }
    await pause(r.id);
  });

  it("does not compare a period the warehouse does not hold whole, and says so", async () => {
    const r = await rule({ name: "Weekly commission", params: { kind: "period-change", metric: "commission", period: "week", direction: "either", percent: 1 }, cooldownMinutes: 60 });
    await handle.db.execute(sql`update sync_state set covered_from = ${NOW - 5 * DAY} where connection_id = ${CONNECTION} and report like 'getAffiliateCommission:%'`);
    try {
      const { events, outcome } = await evaluate(NOW, r.id);
      expect(events).toHaveLength(0);
      expect(outcome.notes.join(" ")).toMatch(/does not hold .* whole \(history from/);
    } finally {
      await handle.db.execute(sql`update sync_state set covered_from = ${Math.floor(NOW / DAY) * DAY - 100 * DAY} where connection_id = ${CONNECTION}`);
      await pause(r.id);
    }
  });
});

describe("alert rules on planted events, continued", () => {
  it("a top invitee gone silent fires once, ranked and dated as an independent computation says", async () => {
    const windowStart = LAST_COMPLETE - 29 * DAY;
    const silentFrom = LAST_COMPLETE - 9 * DAY;
    const usdt = world.commissionItems(NOW).filter((i) => i.coin === "USDT" && i.date >= windowStart && i.date <= LAST_COMPLETE);
    const rank = (items: typeof usdt) => {
      const by = new Map<string, Decimal>();
      for (const i of items) by.set(i.uid, (by.get(i.uid) ?? new Decimal(0)).plus(i.commission));
      return [...by].sort((a, b) => b[1].comparedTo(a[1]) || a[0].localeCompare(b[0])).slice(0, 5);
    };
    const r = await rule({ name: "Top 5 silent", params: { kind: "dormant-top", top: 5, windowDays: 30, silentDays: 10, coin: "USDT" }, cooldownMinutes: 60 });
    const lastDay = (uid: string, deleted: boolean) =>
      Math.max(...world.commissionItems(NOW).filter((i) => i.uid === uid && i.date <= LAST_COMPLETE && !(deleted && i.date >= silentFrom)).map((i) => i.date));
    const dormantBefore = rank(usdt).filter(([uid]) => lastDay(uid, false) < silentFrom);
    expect((await evaluate(NOW, r.id)).events.map((e) => (e.figures as Record<string, string>).uid)).toEqual(dormantBefore.map(([u]) => u));

    // The top earner stops trading: its last 10 days of items are gone.
    const [topUid] = rank(usdt)[0]!;
    await handle.db.delete(commissionItems).where(and(eq(commissionItems.connectionId, CONNECTION), eq(commissionItems.uid, topUid), gte(commissionItems.day, at(silentFrom))));
    const ranked = rank(usdt.filter((i) => !(i.uid === topUid && i.date >= silentFrom)));
    const expected = ranked.map(([uid, c], i) => ({ uid, c, rank: i + 1 })).filter(({ uid }) => lastDay(uid, uid === topUid) < silentFrom);
    expect(expected.map((x) => x.uid)).toContain(topUid);
    const fired = await evaluate(NOW + 60_000, r.id);
    const newOnes = expected.filter((x) => !dormantBefore.some(([u]) => u === x.uid));
    expect(fired.events.map((e) => (e.figures as Record<string, string>).uid)).toEqual(newOnes.map((x) => x.uid));
    const mine = fired.events.find((e) => (e.figures as Record<string, string>).uid === topUid)!.figures as Record<string, string>;
    const truth = expected.find((x) => x.uid === topUid)!;
    expect(new Decimal(mine.commission!).equals(truth.c)).toBe(true);
    expect(mine.rank).toBe(String(truth.rank));
    const sentence = fired.events.find((e) => (e.figures as Record<string, string>).uid === topUid)!.sentence;
    expect(sentence).toContain(`(${formatCoinAmount(truth.c.toFixed(), "USDT")} USDT)`);
    expect(mine.lastActiveDay).toBe(isoDay(lastDay(topUid, true)));
    // Unchanged data: nothing more, within the cooldown or after it.
    expect((await evaluate(NOW + 120_000, r.id)).events).toHaveLength(0);
    expect((await evaluate(NOW + 2 * 3_600_000, r.id)).events).toHaveLength(0);
    await pause(r.id);
  });

  it("the funnel count fires once, holds through its cooldown, and fires again after it when the count changed", async () => {
    const days = 14;
    const count = (asOf: number) => world.invitedUsers(NOW).filter((u) => u.kycResult && u.firstDeposit === null && u.registerTime <= asOf - days * DAY).length;
    const n = count(NOW);
    expect(n).toBeGreaterThan(3);
    const r = await rule({ name: "Verified, no deposit", params: { kind: "kyc-no-deposit", days, count: n - 1 }, cooldownMinutes: 60 });
    const first = await evaluate(NOW, r.id);
    expect(first.events.map((e) => (e.figures as Record<string, string>).invitees)).toEqual([String(n)]);
    expect((await evaluate(NOW + 60_000, r.id)).events).toHaveLength(0);
    // One more verified invitee without a deposit, signed up long ago: the count changes, but the cooldown holds it.
    await handle.db.execute(sql`insert into invited_users (connection_id, uid, register_time, kyc_result, invite_code) values (${CONNECTION}, '99000000001', ${at(NOW - 40 * DAY).toISOString()}::timestamptz, true, 'PLANTED')`);
    const held = await evaluate(NOW + 30 * 60_000, r.id);
    expect(held.events).toHaveLength(0);
    expect(held.outcome.held).toBe(1);
    const again = await evaluate(NOW + 61 * 60_000, r.id);
    expect(again.events.map((e) => (e.figures as Record<string, string>).invitees)).toEqual([String(n + 1)]);
    await pause(r.id);
  });

  it("stale data fires once per data age; muted and paused rules and a demoted creator fire nothing", async () => {
    const r = await rule({ name: "Stale", params: { kind: "sync-health", check: "stale", minutes: 30 }, cooldownMinutes: 60 });
    expect((await evaluate(NOW + 20 * 60_000, r.id)).events).toHaveLength(0);
    await setRuleState(handle.db, r.id, { mutedUntil: at(NOW + 60 * 60_000) }, analyst, at(NOW));
    const muted = await evaluate(NOW + 40 * 60_000, r.id);
    expect(muted.events).toHaveLength(0);
    expect(muted.outcome.notes.join(" ")).toContain("Muted until");
    const fired = await evaluate(NOW + 61 * 60_000, r.id);
    expect(fired.events.map((e) => (e.figures as Record<string, string>).ageMinutes)).toEqual(["61"]);
    expect((await evaluate(NOW + 200 * 60_000, r.id)).events).toHaveLength(0); // same "as of": unchanged data

    await handle.db.update(users).set({ role: "viewer" }).where(eq(users.id, analyst.id));
    await handle.db.execute(sql`update sync_state set covered_to = ${NOW + 1_000} where connection_id = ${CONNECTION}`);
    try {
      const demoted = await evaluate(NOW + 300 * 60_000, r.id);
      expect(demoted.events).toHaveLength(0);
      expect(demoted.outcome.notes.join(" ")).toContain("creator may no longer read");
    } finally {
      await handle.db.update(users).set({ role: "analyst" }).where(eq(users.id, analyst.id));
    }
    await pause(r.id);
    const { outcomes } = await evaluateConnection(handle.db, CONNECTION, { now: at(NOW + 400 * 60_000) });
    expect(outcomes.find((o) => o.ruleId === r.id)).toBeUndefined();
    expect(await handle.db.select().from(alertEvents).where(eq(alertEvents.ruleId, r.id))).toHaveLength(1);
    expect((await handle.db.select().from(alertRules).where(eq(alertRules.id, r.id)))[0]!.pausedAt).not.toBeNull();
  });
});

describe("sub-affiliates and the exchange's refusals", () => {
  it("a sub-affiliate's paid commission drop fires once with both days' exact sums", async () => {
    const records = world.subAffiliateRecords(NOW);
    const day = isoDay(LAST_COMPLETE);
    const prevDay = isoDay(LAST_COMPLETE - DAY);
    const paid = (sub: string, d: string, factor = new Decimal(1)) =>
      records.filter((r) => r.subAffiliateUid === sub && r.date === d).reduce((a, r) => a.plus(new Decimal(r.paidCommission).times(factor)), new Decimal(0));
    // A sub-affiliate paid on both days whose natural change stays within the threshold: the planted drop is what fires.
    const sub = world.subAffiliateUids.find((s) => !paid(s, prevDay).isZero() && !paid(s, day).isZero() && paid(s, day).minus(paid(s, prevDay)).div(paid(s, prevDay)).times(100).greaterThan(-75))!;
    expect(sub).toBeDefined();
    const prev = paid(sub, prevDay);
    const r = await rule({ name: "Sub pays less", params: { kind: "sub-affiliate-change", metric: "paidCommission", period: "day", direction: "down", percent: 75, sub }, cooldownMinutes: 60 });
    expect((await evaluate(NOW, r.id)).events).toHaveLength(0);
    await handle.db.execute(sql`update sub_affiliate_daily set paid_commission = paid_commission / 10, updated_at = now()
      where connection_id = ${CONNECTION} and sub_affiliate_uid = ${sub} and day = ${day}::date`);
    const after = paid(sub, day, new Decimal("0.1"));
    const fired = await evaluate(NOW + 60_000, r.id);
    expect(fired.events).toHaveLength(1);
    const f = fired.events[0]!.figures as Record<string, string>;
    expect(new Decimal(f.current!).equals(after) && new Decimal(f.previous!).equals(prev)).toBe(true);
    expect(f.changePercent).toBe(after.minus(prev).div(prev).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    expect((fired.events[0]!.links as Array<{ href: string }>)[0]!.href).toBe(`/sub-affiliates/${sub}?range=custom&from=${prevDay}&to=${day}`);
    expect((await evaluate(NOW + 2 * 60_000, r.id)).events).toHaveLength(0);
    await pause(r.id);
  });

  it("429/418 answers within the window fire once per latest refusal", async () => {
    const r = await rule({ name: "Throttled", params: { kind: "sync-health", check: "rate-limited", minutes: 15 }, cooldownMinutes: 15 });
    expect((await evaluate(NOW, r.id)).events).toHaveLength(0);
    await handle.db.insert(exchangeRefusals).values([
      { id: "r1", connectionId: CONNECTION, status: 429, at: at(NOW - 5 * 60_000) },
      { id: "r2", connectionId: CONNECTION, status: 418, at: at(NOW - 60_000) },
      { id: "r3", connectionId: CONNECTION, status: 429, at: at(NOW - 60 * 60_000) },
    ]);
    const fired = await evaluate(NOW, r.id);
    expect(fired.events.map((e) => e.figures)).toEqual([{ refusals: "2", status429: "1", status418: "1", lastAt: at(NOW - 60_000).toISOString() }]);
    expect((await evaluate(NOW + 20 * 60_000, r.id)).events).toHaveLength(0); // the same latest refusal
    await pause(r.id);
  });
});
