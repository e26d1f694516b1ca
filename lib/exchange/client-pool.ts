/**
 * One WeexClient per connection, and with it one weight budget and one read
 * cache: every caller of a connection (pages, proxy, later the sync) shares
 * them, so together they never exceed the exchange's budget.
 */
import "server-only";
import { WeexClient } from "../weex/client";
import { ReadCache } from "./read-cache";
import type { ResolvedConnection } from "./types";

/** How long an identical read is answered from memory. */
export const READ_CACHE_TTL_MS = 2_000;

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
  const entry = {
    fingerprint: connection.fingerprint,
    client: new WeexClient({
      spotBaseUrl: connection.spotBaseUrl,
      contractBaseUrl: connection.contractBaseUrl,
      credentials: connection.credentials,
    }),
    reads: new ReadCache(READ_CACHE_TTL_MS),
  };
  pool().set(connection.id, entry);
  return entry;
}

export function forgetClient(connectionId: string): void {
  pool().delete(connectionId);
}
