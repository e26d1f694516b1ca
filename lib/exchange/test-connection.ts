/**
 * "Test" on a connection: the account endpoint tells the account type and
 * permissions; a one-row affiliate report tells whether affiliate reports
 * answer for this key.
 */
import "server-only";
import { isWeexError } from "../weex/errors";
import { pooledClient } from "./client-pool";
import { liveCallOptions } from "./settings";
import type { ResolvedConnection } from "./types";

export interface ConnectionTestResult {
  ok: boolean;
  account?: { uid: string; accountType: string; permissions: string[]; canTrade: boolean; canWithdraw: boolean; canDeposit: boolean };
  affiliate: { ok: boolean; code?: number; msg?: string };
  error?: { code: number; msg: string };
  latencyMs: number;
}

export async function testConnection(connection: ResolvedConnection): Promise<ConnectionTestResult> {
  const { client } = pooledClient(connection);
  const started = performance.now();
  const describe = (e: unknown) => (isWeexError(e) ? { code: e.code, msg: e.msg } : { code: -1000, msg: "unexpected error" });
  // An admin is waiting on the answer: the live wait limit, not the sync's patience.
  const live = liveCallOptions();
  try {
    const account = await client.call("account", {}, live);
    let affiliate: ConnectionTestResult["affiliate"];
    try {
      await client.call("getAffiliateUIDs", { pageSize: 1 }, live);
      affiliate = { ok: true };
    } catch (e) {
      affiliate = { ok: false, ...describe(e) };
    }
    return {
      ok: true,
      account: {
        uid: account.uid,
        accountType: account.accountType,
        permissions: account.permissions,
        canTrade: account.canTrade,
        canWithdraw: account.canWithdraw,
        canDeposit: account.canDeposit,
      },
      affiliate,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (e) {
    return { ok: false, affiliate: { ok: false }, error: describe(e), latencyMs: Math.round(performance.now() - started) };
  }
}
