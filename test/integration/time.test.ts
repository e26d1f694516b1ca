/** The sandbox's data ends at the current time and keeps growing; recent days can be restated. */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import { collect } from "../../lib/weex/paging";
import { clientFor, startTestSandbox } from "../support/exchange";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let clock = Date.now();
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => clock, restate: true, budget: 1_000_000 });
});
afterAll(() => sandbox.close());

const keyOf = (r: { uid: string; date: number; coin: string; productType: string; symbol: string }) => `${r.uid}|${r.date}|${r.coin}|${r.productType}|${r.symbol}`;

describe("time", () => {
  it("nothing is dated after now, and later hours bring new rows", async () => {
    const client = clientFor(sandbox);
    const window = () => ({ productType: "FUTURES" as const, startTime: clock - 5 * DAY, endTime: clock, pageSize: 500 });
    const before = await collect(client, "getAffiliateCommission", window());
    for (const item of before) expect(item.date).toBeLessThanOrEqual(clock);
    const usersBefore = await collect(client, "getAffiliateUIDs", {});
    for (const u of usersBefore) expect(u.registerTime).toBeLessThanOrEqual(clock);

    clock += 30 * HOUR;
    const after = await collect(client, "getAffiliateCommission", window());
    const beforeKeys = new Set(before.map(keyOf));
    const added = after.filter((r) => !beforeKeys.has(keyOf(r)));
    expect(added.length).toBeGreaterThan(0);
    const usersAfter = await collect(client, "getAffiliateUIDs", {});
    expect(usersAfter.length).toBeGreaterThan(usersBefore.length);
  });

  it("a restated day changes fees of recent items, keeping commission = fee × rate", async () => {
    const client = clientFor(sandbox);
    const dayStart = Math.floor(clock / DAY) * DAY - DAY;
    const read = () => collect(client, "getAffiliateCommission", { productType: "FUTURES", startTime: dayStart, endTime: dayStart + DAY - 1, pageSize: 500 });
    const original = await read();
    expect(original.length).toBeGreaterThan(0);
    const changed = sandbox.world.affiliate.restateDay(dayStart, clock);
    expect(changed).toBeGreaterThan(0);
    const restated = await read();
    const byKey = new Map(original.map((r) => [keyOf(r), r]));
    let differing = 0;
    for (const r of restated) {
      expect(new Decimal(r.fee).times(r.rate).equals(r.commission)).toBe(true);
      const old = byKey.get(keyOf(r));
      if (old && old.fee !== r.fee) differing++;
    }
    expect(differing).toBeGreaterThan(0);
    expect(restated.length).toBe(original.length);
  });
});
