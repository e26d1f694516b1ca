/** exchangeInfo, 24h tickers and spot K-lines. */
import { SANDBOX_SYMBOLS } from "../data/symbols";
import { klinesAt, symbolDefinitions, ticker24h } from "../market";
import { SandboxRefusal } from "../refusal";
import type { HandlerTable } from "./types";

function knownSymbols(requested: readonly string[]): string[] {
  for (const s of requested) {
    if (!SANDBOX_SYMBOLS.some((x) => x.symbol === s)) throw new SandboxRefusal("INVALID_SYMBOL", 400, `invalid symbol: ${s}`);
  }
  return [...requested];
}

export const marketHandlers: Pick<HandlerTable, "exchangeInfo" | "ticker24hr" | "klines"> = {
  exchangeInfo: ({ params, now }) => {
    const wanted = params.symbol ? knownSymbols([params.symbol]) : params.symbols ? knownSymbols(params.symbols) : undefined;
    const symbols = symbolDefinitions().filter((d) => !wanted || wanted.includes(d.symbol));
    return { timezone: "UTC", serverTime: now, symbols };
  },
  ticker24hr: ({ params, now, world }) => {
    const seed = world.options.seed;
    if (params.symbol) return ticker24h(seed, knownSymbols([params.symbol])[0] as string, now);
    const list = params.symbols ? knownSymbols(params.symbols) : SANDBOX_SYMBOLS.map((s) => s.symbol);
    return list.map((s) => ticker24h(seed, s, now));
  },
  klines: ({ params, now, world }) => {
    const [symbol] = knownSymbols([params.symbol]) as [string];
    return klinesAt(world.options.seed, { ...params, symbol }, now);
  },
};
