/** The sandbox's raw candles, read over HTTP without our client (tests' independent truth for daily closes). */
import type { RunningSandbox } from "@/lib/sandbox";

/** openTime → close of every `interval` candle of `symbol` from `from` up to `until`. */
export async function rawCloses(sandbox: RunningSandbox, symbol: string, interval: "1d" | "1h", from: number, until: number): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let start = from; start <= until; ) {
    const res = await fetch(`${sandbox.url}/api/v3/market/klines?symbol=${symbol}&interval=${interval}&startTime=${start}&limit=1000`);
    const candles = (await res.json()) as Array<[number, string, string, string, string]>;
    if (candles.length === 0) break;
    for (const c of candles) out.set(c[0], c[4]);
    start = (candles.at(-1)?.[0] ?? until) + 1;
  }
  return out;
}
