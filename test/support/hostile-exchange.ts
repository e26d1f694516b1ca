/**
 * A hostile exchange for a test file: the sandbox behind the weight-log proxy (loopback) with a fault the test sets —
 * a rewrite of answers on their way (test/support/weight-log-proxy.ts). Registers its own hooks; `fault = null` passes
 * every answer on unchanged.
 */
import { afterAll, beforeAll } from "vitest";
import type { RunningSandbox } from "@/lib/sandbox";
import type { WeexClient } from "@/lib/weex/client";
import { clientFor, startTestSandbox } from "./exchange";
import { startWeightLogProxy, type Rewrite, type WeightLogProxy } from "./weight-log-proxy";

export const PATHS = {
  commission: "/api/v3/rebate/affiliate/getAffiliateCommission",
  invitees: "/api/v3/rebate/affiliate/getAffiliateUIDs",
  subs: "/api/v3/rebate/affiliate/querySubChannelTransactions",
  trade: "/api/v3/rebate/affiliate/getChannelUserTradeAndAsset",
  account: "/api/v3/account/",
} as const;

export type Answer = Record<string, unknown>;
/** The list `field` of an answer (empty when absent). */
export const listOf = (answer: unknown, field: string): Answer[] => ((answer as Answer)[field] as Answer[] | undefined) ?? [];

export interface HostileExchange {
  readonly sandbox: RunningSandbox;
  readonly proxy: WeightLogProxy;
  /** The fault the proxy applies now. */
  fault: Rewrite | null;
  /** A client of the affiliate account that reaches the sandbox through the proxy. */
  client(): WeexClient;
}

export function hostileExchangeSuite(now: () => number): HostileExchange {
  let sandbox: RunningSandbox | undefined;
  let proxy: WeightLogProxy | undefined;
  const exchange: HostileExchange = {
    fault: null,
    get sandbox() {
      if (!sandbox) throw new Error("the hostile exchange is not started yet (use it inside tests)");
      return sandbox;
    },
    get proxy() {
      if (!proxy) throw new Error("the hostile exchange is not started yet (use it inside tests)");
      return proxy;
    },
    client: () => clientFor(exchange.sandbox, "affiliate", { spotBaseUrl: exchange.proxy.url, contractBaseUrl: exchange.proxy.url }),
  };
  beforeAll(async () => {
    sandbox = await startTestSandbox({ budget: 1_000_000, now });
    proxy = await startWeightLogProxy(sandbox.url, { rewrite: (request, answer) => exchange.fault?.(request, answer) });
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
  });
  return exchange;
}
