/**
 * The daily-close source of the warehouse sync: for every non-USDT coin of the commission rows, the
 * closes of its USDT pair on the connection's price basis, back to the coin's first commission day
 * and forward each day (plan.ts), read through the run's client and budget gate like every report.
 *
 * The K-lines are outside the contract: when the exchange answers 404 (or another refusal for the
 * path), the source records "not available" on its `prices` state row and stops; a pair the exchange
 * does not list is recorded on that pair's row. Nothing else of the run fails: the reports keep
 * their native amounts and the valuation says what it could not value (lib/prices/valuation.ts).
 */
import { ENDPOINTS } from "../../weex/endpoints";
import { isWeexError, type WeexError } from "../../weex/errors";
import { priceBasisOf } from "../../prices/basis";
import type { RunContext } from "../config";
import { transient } from "../read-page";
import { LeaseLostError, takeLease } from "../state";
import type { ReportResult } from "../status";
import { utcDay } from "../windows";
import { closesFromCandles, coverageAfter, planCloseRequests, type CloseRequest } from "./plan";
import { coinsToPrice, commitCloses, loadCoverage, NOT_AVAILABLE, pairOf, PRICES_REPORT, pricesReportKey, recordOutcome } from "./store";
import { syncErrorWords } from "../error-words";

const WEIGHT = Math.max(ENDPOINTS.klines.weight.ip, ENDPOINTS.klines.weight.uid);

/** The exchange does not serve the path at all (vs a pair it does not list: -1121 on a served path). */
function endpointMissing(error: WeexError): boolean {
  return error.kind === "refused" && (error.status === 404 || error.status === 405);
}
const pairUnknown = (error: WeexError): boolean => error.kind === "refused" && error.code === -1121;

/** One K-line call with the sync's patience for transient failures. */
async function readCandles(ctx: RunContext, symbol: string, params: CloseRequest["params"]) {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.gate.wait(WEIGHT, ctx.signal);
      const candles = await ctx.client.call("klines", { symbol, ...params }, ctx.signal ? { signal: ctx.signal } : {});
      ctx.gate.spent(WEIGHT);
      return candles;
    } catch (error) {
      if (ctx.signal?.aborted || !transient(error) || attempt >= ctx.config.pageAttempts) throw error;
      await ctx.sleep(Math.min(5_000, 250 * 2 ** attempt), ctx.signal);
    }
  }
}

/** Reads what is missing of every pair's closes; returns the source's result (its error says "not available"). */
export async function syncPrices(ctx: RunContext, recentOnly: boolean): Promise<ReportResult> {
  const { db, connectionId } = ctx;
  const result: ReportResult = { report: PRICES_REPORT, pages: 0, weight: 0, rowsAdded: 0, rowsChanged: 0 };
  const basis = await priceBasisOf(db, connectionId);
  const at = () => new Date(ctx.now());
  let asked = false;
  for (const { coin, firstDay } of await coinsToPrice(db, connectionId)) {
    const symbol = pairOf(coin);
    const report = pricesReportKey(symbol, basis);
    let coverage = await loadCoverage(db, connectionId, report);
    const now = ctx.now();
    const requests = planCloseRequests(basis, firstDay, coverage, now).filter((r) => !recentOnly || r.phase === "recent");
    try {
      for (const req of requests) {
        asked = true;
        const candles = await readCandles(ctx, symbol, req.params);
        result.pages++;
        result.weight += WEIGHT;
        ctx.result.pages++;
        ctx.result.weight += WEIGHT;
        coverage = coverageAfter(basis, coverage, req, now);
        const rows = closesFromCandles(basis, candles, req, now);
        const counts = await commitCloses(db, { connectionId, symbol, basis, report }, rows, coverage, (coverage.coveredFrom ?? Infinity) <= utcDay(firstDay));
        result.rowsAdded += counts.added;
        result.rowsChanged += counts.changed;
        if (!(await takeLease(db, connectionId, ctx.owner, ctx.config.leaseMs, ctx.now()))) throw new LeaseLostError();
        await ctx.onLeaseRenewed?.();
      }
      await recordOutcome(db, connectionId, report, null, at());
    } catch (error) {
      if (ctx.signal?.aborted || error instanceof LeaseLostError || !isWeexError(error)) throw error;
      if (endpointMissing(error)) {
        result.error = `${NOT_AVAILABLE}: the exchange has no spot K-lines (HTTP ${error.status ?? "?"}: ${error.message})`;
        await recordOutcome(db, connectionId, PRICES_REPORT, result.error, at());
        return result;
      }
      const text = pairUnknown(error) ? `${NOT_AVAILABLE}: ${symbol} is not listed (${error.message})` : syncErrorWords(error);
      await recordOutcome(db, connectionId, report, text, at());
      result.error ??= `${symbol}: ${text}`;
    }
  }
  // The endpoint answered (a pair's own failure is on its row); with nothing to ask, nothing is claimed.
  if (asked) await recordOutcome(db, connectionId, PRICES_REPORT, null, at());
  return result;
}
