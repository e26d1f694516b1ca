import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import { ENDPOINTS } from "../../lib/weex/endpoints";
import { ERROR_CODES, WeexError } from "../../lib/weex/errors";
import { INVALID_CASES } from "../fixtures/invalid-requests";
import { clientFor, rawRequest, startTestSandbox } from "../support/exchange";

let sandbox: RunningSandbox;
beforeAll(async () => {
  // A budget large enough that this volley of refusals is never rate limited.
  sandbox = await startTestSandbox({ batchEnabled: true, budget: 100_000 });
});
afterAll(() => sandbox.close());

function rawParams(params: Record<string, unknown>): { query: string; body: string } {
  const present = Object.entries(params).filter(([, v]) => v !== undefined);
  return {
    query: present.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(",") : String(v))}`).join("&"),
    body: JSON.stringify(Object.fromEntries(present)),
  };
}

describe("the sandbox refuses every rule of the spec with the exchange's code", () => {
  for (const c of INVALID_CASES) {
    it(`${c.name} → ${c.expect}`, async () => {
      const endpoint = ENDPOINTS[c.endpoint];
      const { query, body } = rawParams(c.params);
      const res = await rawRequest(sandbox, {
        method: endpoint.method,
        path: endpoint.path,
        ...(endpoint.paramsIn === "query" ? { query } : { body }),
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({ code: ERROR_CODES[c.expect].code, msg: expect.any(String) });
    });
  }
});

describe("the client refuses the same requests before sending anything", () => {
  it("throws invalid-request with the same code and spends no weight", async () => {
    const client = clientFor(sandbox, "affiliate", { syncClock: false });
    const ipKey = `ip:${new URL(sandbox.url).host}`;
    for (const c of INVALID_CASES) {
      const error = await client.call(c.endpoint, c.params as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, c.name).toBeInstanceOf(WeexError);
      expect(error).toMatchObject({ kind: "invalid-request", code: ERROR_CODES[c.expect].code, endpoint: c.endpoint });
    }
    expect(await client.budget.store.used(ipKey, Date.now())).toBe(0);
  });
});
