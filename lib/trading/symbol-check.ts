/**
 * Our server's own check of an order against the symbol's rules, before the
 * intent is stored or anything is sent (the form checks the same rules first,
 * lib/weex/symbol-rules.ts; the exchange checks them again). The rules are the
 * spot symbol's from exchangeInfo — the interface has no contract symbol rules
 * — kept for a few minutes per connection; the reference price for the limit
 * price ratios is the spot 24 h ticker's last, read for each limit order.
 */
import "server-only";
import { ApiError } from "@/lib/api/route";
import { pooledClient } from "@/lib/exchange/client-pool";
import { liveCallOptions } from "@/lib/exchange/settings";
import type { ResolvedConnection } from "@/lib/exchange/types";
import { isWeexError } from "@/lib/weex/errors";
import { checkOrderRules, type OrderForRules, type SymbolRules } from "@/lib/weex/symbol-rules";

/** Symbol rules change rarely; a few minutes keeps the 20-weight exchangeInfo call off most orders. */
const RULES_TTL_MS = 5 * 60_000;
const rulesCache = new Map<string, { rules: SymbolRules; expiresAt: number }>();

function unavailable(what: string, error: unknown): never {
  // Our budget could not take the read in time: the caller answers 503 with Retry-After (nothing sent).
  if (isWeexError(error) && error.kind === "budget-queue-full") throw error;
  const detail = isWeexError(error) ? ` (${error.code}: ${error.msg})` : "";
  throw new ApiError(503, "SYMBOL_RULES_UNAVAILABLE", `could not read ${what} from the exchange${detail}; nothing was sent, try again`);
}

async function rulesFor(connection: ResolvedConnection, symbol: string): Promise<SymbolRules> {
  const key = `${connection.id}|${symbol}`;
  const hit = rulesCache.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.rules;
  const { client } = pooledClient(connection);
  let info;
  try {
    info = await client.call("exchangeInfo", { symbol }, liveCallOptions());
  } catch (error) {
    if (isWeexError(error) && error.code === -1121) {
      throw new ApiError(400, -1121, `${symbol} is not a symbol of the exchange's exchangeInfo, so its price and quantity rules are unknown; nothing was sent`, { field: "symbol" });
    }
    unavailable(`the rules of ${symbol}`, error);
  }
  const rules = info.symbols.find((s) => s.symbol === symbol);
  if (!rules) throw new ApiError(400, -1121, `the exchange lists no rules for ${symbol}; nothing was sent`, { field: "symbol" });
  rulesCache.set(key, { rules, expiresAt: Date.now() + RULES_TTL_MS });
  return rules;
}

async function referencePrice(connection: ResolvedConnection, symbol: string): Promise<string> {
  try {
    const ticker = await pooledClient(connection).client.call("ticker24hr", { symbol }, liveCallOptions());
    const one = Array.isArray(ticker) ? ticker.find((t) => t.symbol === symbol) : ticker;
    if (!one) throw new ApiError(503, "SYMBOL_RULES_UNAVAILABLE", `the exchange sent no ticker for ${symbol}; nothing was sent`);
    return one.lastPrice;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    unavailable(`the reference price of ${symbol}`, error);
  }
}

/** Refuses (400 with the exchange's code and the field) an order that breaks the symbol's rules. */
export async function enforceSymbolRules(connection: ResolvedConnection, symbol: string, order: OrderForRules): Promise<void> {
  const rules = await rulesFor(connection, symbol);
  const reference = order.type === "LIMIT" ? await referencePrice(connection, symbol) : undefined;
  const [first] = checkOrderRules(order, rules, reference);
  if (first) throw new ApiError(400, first.code, first.msg, { field: first.field });
}
