/** The exchange's 429 and 418 answers reach the client's onRateLimited hook (the app records them for sync-health alerts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "@/lib/sandbox";
import { clientFor, startTestSandbox } from "../support/exchange";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ budget: 100_000 });
});
afterAll(() => sandbox.close());

describe("rate-limit refusals", () => {
  it("tells the hook of each 429 and 418 the exchange answers, and nothing for a success", async () => {
    const seen: number[] = [];
    const client = clientFor(sandbox, "affiliate", { maxRetries: 0, onRateLimited: (status) => seen.push(status) });
    await client.call("account");
    expect(seen).toEqual([]);
    sandbox.faults.inject("account", { kind: "status", status: 429 });
    await expect(client.call("account")).rejects.toMatchObject({ kind: "rate-limited", status: 429 });
    sandbox.faults.inject("account", { kind: "status", status: 418 });
    await expect(client.call("account")).rejects.toMatchObject({ kind: "rate-limited", status: 418 });
    expect(seen).toEqual([429, 418]);
  });
});
