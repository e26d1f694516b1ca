/** The client against a misbehaving (fault-injected) sandbox: what is retried, what never is. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import { ERROR_CODES, WeexError } from "../../lib/weex/errors";
import { clientFor, startTestSandbox } from "../support/exchange";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ budget: 100_000 });
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.faults.clear();
  sandbox.requestCounts.clear();
});

const order = (id: string) => ({ symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.001", newClientOrderId: id }) as const;

describe("reads retry, with backoff", () => {
  it("retries a GET after 5xx answers", async () => {
    sandbox.faults.inject("account", { kind: "status", status: 503 }, 2);
    const account = await clientFor(sandbox).call("account");
    expect(account.accountType).toBe("SPOT");
    expect(sandbox.requestCounts.get("account")).toBe(3);
  });

  it("retries a read after the connection dropped", async () => {
    sandbox.faults.inject("getAffiliateUIDs", { kind: "drop-before" });
    const page = await clientFor(sandbox).call("getAffiliateUIDs", { pageSize: 5 });
    expect(page.channelUserInfoItemList).toHaveLength(5);
    expect(sandbox.requestCounts.get("getAffiliateUIDs")).toBe(2);
  });

  it("times out a slow read and tries again", async () => {
    sandbox.faults.inject("spotOpenOrders", { kind: "delay", ms: 600 });
    const open = await clientFor(sandbox, "affiliate", { timeoutMs: 200 }).call("spotOpenOrders");
    expect(Array.isArray(open)).toBe(true);
    expect(sandbox.requestCounts.get("spotOpenOrders")).toBe(2);
  });

  it("gives up after maxRetries with a typed error", async () => {
    sandbox.faults.inject("account", { kind: "status", status: 500 }, 5);
    const error = await clientFor(sandbox, "affiliate", { maxRetries: 2 }).call("account").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WeexError);
    expect(error).toMatchObject({ kind: "refused", status: 500, code: ERROR_CODES.SYSTEM_BUSY.code, endpoint: "account" });
    expect(sandbox.requestCounts.get("account")).toBe(3);
  });
});

describe("orders are never sent twice blindly", () => {
  it("a 5xx on placement is not retried and is flagged as an unknown outcome", async () => {
    const client = clientFor(sandbox);
    await client.syncClock();
    sandbox.faults.inject("contractPlaceOrder", { kind: "status", status: 500 });
    const error = await client.call("contractPlaceOrder", order("fault-500")).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "refused", status: 500, outcomeUnknown: true });
    expect(sandbox.requestCounts.get("contractPlaceOrder")).toBe(1);
  });

  it("a response lost after the exchange accepted the order: one order, outcome unknown", async () => {
    const client = clientFor(sandbox);
    sandbox.faults.inject("contractPlaceOrder", { kind: "drop-after" });
    const error = await client.call("contractPlaceOrder", order("lost-1")).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "network", outcomeUnknown: true });
    expect(sandbox.requestCounts.get("contractPlaceOrder")).toBe(1);
    // The order exists exactly once: placing the same client id again is refused as a duplicate.
    const again = await client.call("contractPlaceOrder", order("lost-1"));
    expect(again.success).toBe(false);
    expect(again.errorCode).toMatch(/DUPLICATE/);
  });

  it("batch cancel after a timeout is not re-sent", async () => {
    sandbox.faults.inject("contractBatchCancel", { kind: "delay", ms: 500 });
    const error = await clientFor(sandbox, "affiliate", { timeoutMs: 150 })
      .call("contractBatchCancel", { orderIdList: ["123456789012345678"] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "network", outcomeUnknown: true });
    expect(sandbox.requestCounts.get("contractBatchCancel")).toBe(1);
  });
});

describe("clock offset", () => {
  it("learns the server's clock and signs with it; without it the exchange refuses the timestamp", async () => {
    const skewed = await startTestSandbox({ now: () => Date.now() + 120_000 });
    try {
      const synced = clientFor(skewed);
      const account = await synced.call("account");
      expect(account.uid).toMatch(/^\d+$/);
      expect(Math.abs(synced.clockOffset - 120_000)).toBeLessThan(2_000);
      const naive = clientFor(skewed, "affiliate", { syncClock: false });
      await expect(naive.call("account")).rejects.toMatchObject({ kind: "refused", code: ERROR_CODES.TIMESTAMP_EXPIRED.code });
    } finally {
      await skewed.close();
    }
  });
});

describe("ids", () => {
  it("an 18-digit order id round-trips digit for digit", async () => {
    const client = clientFor(sandbox);
    const placed = await client.call("contractPlaceOrder", { ...order("id-rt"), type: "LIMIT", timeInForce: "GTC", price: "1000.0" });
    expect(placed.orderId).toMatch(/^\d{18}$/);
    expect(BigInt(placed.orderId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const fetched = await client.call("contractGetOrder", { orderId: placed.orderId });
    expect(fetched.orderId).toBe(placed.orderId);
    const cancelled = await client.call("contractBatchCancel", { orderIdList: [BigInt(placed.orderId)] });
    expect(cancelled[0]).toMatchObject({ orderId: placed.orderId, success: true });
  });
});
