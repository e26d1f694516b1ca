/**
 * One WeexClient per connection, and with it one weight budget and one read
 * cache: every caller of a connection (pages, proxy, later the sync) shares
 * them, so together they never exceed the exchange's budget.
 */
import "server-only";
import { recordRefusal } from "../alerts/refusals";
import { WeightBudget } from "../weex/budget";
import { sharedBudgetStore } from "../weex/budget/shared-store";
import { WeexClient } from "../weex/client";
import { guardedFetch } from "./guarded-fetch";
import { ReadCache } from "./read-cache";
import { exchangeSettings } from "./settings";
import type { ResolvedConnection } from "./types";

export interface PooledClient {
  client: WeexClient;
  reads: ReadCache;
}

const KEY = Symbol.for("rebate-desk.client-pool");
type Holder = { [KEY]?: Map<string, PooledClient & { fingerprint: string }> };

function pool(): Map<string, PooledClient & { fingerprint: string }> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new Map());
}

export function pooledClient(connection: ResolvedConnection): PooledClient {
  const existing = pool().get(connection.id);
  if (existing && existing.fingerprint === connection.fingerprint) return existing;
  const settings = exchangeSettings();
  const entry = {
    fingerprint: connection.fingerprint,
    client: new WeexClient({
      spotBaseUrl: connection.spotBaseUrl,
      contractBaseUrl: connection.contractBaseUrl,
      credentials: connection.credentials,
      // Admin-entered URLs: every socket is checked against the address policy. The sandbox and the
      // WEEX_* connection are the operator's own configuration and use the plain fetch.
      ...(connection.source === "db" ? { fetch: guardedFetch() } : {}),
      // With REDIS_URL the budget's counts live in Redis, shared by every app instance.
      // 429/418 answers are recorded for the sync-health alerts (lib/alerts/kind-sync-health.ts).
      onRateLimited: (status: number) => void recordRefusal(connection.id, status),
      budget: new WeightBudget({ store: sharedBudgetStore(), ipLimit: settings.weightLimit, uidLimit: settings.weightLimit, windowMs: settings.weightWindowMs }),
    }),
    reads: new ReadCache(settings.readCacheMs),
  };
  pool().set(connection.id, entry);
  return entry;
}

export function forgetClient(connectionId: string): void {
  pool().delete(connectionId);
}
