/**
 * Backtest of the month- and quarter-end forecast (lib/forecast/project.ts) over the default sandbox world's history
 * (seed 42, 1 500 invitees, 400 days, as `npm start` serves it): for every month and quarter whose four weeks before
 * a checkpoint are in the history, the forecast made on that day against the period's final value. Prints, per
 * metric and checkpoint, how many past periods ended inside the forecast's range (coverage) and the median error of
 * its middle value. Read from the world's raw items, the same rows the sync stores:
 *   - commission ≈ USDT: every item, USDT as paid, BTC at its UTC day's close (the price walk the
 *     sandbox's K-lines are drawn from);
 *   - volume (USDT): taker + maker amount of every item;
 *   - new traders: invitees whose first trade falls on the day.
 *
 *   npm run bench:forecast
 */
import { loadavg } from "node:os";
import Decimal from "decimal.js";
import { createAffiliateWorld } from "../lib/sandbox/data/affiliate";
import { spotPriceAt } from "../lib/sandbox/data/price-walk";
import { projectPeriod } from "../lib/forecast/project";
import { fmt } from "./stats";

const SEED = 42;
const DAY = 86_400_000;
// A fixed "now", so two runs print the same figures (the world is deterministic from its seed and creation time).
const NOW = Date.parse("2026-11-27T12:00:00Z");
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const world = createAffiliateWorld({ seed: SEED, invitees: 1500, days: 400, subAffiliates: 15, restate: false }, NOW);
const today = dayOf(NOW);
type Series = Map<string, Decimal>;
const metrics: Record<string, Series> = { "commission ≈ USDT": new Map(), "volume (USDT)": new Map(), "new traders": new Map() };
const add = (s: Series, day: string, v: Decimal.Value) => s.set(day, (s.get(day) ?? new Decimal(0)).plus(v));
const first = world.invitedUsers(NOW)[0]?.registerTime ?? NOW;
// Every whole day of the history is held (a day without items is a real 0 here: the world has no gaps).
for (let t = Date.parse(`${dayOf(first)}T00:00:00Z`); dayOf(t) < today; t += DAY) for (const s of Object.values(metrics)) s.set(dayOf(t), new Decimal(0));
for (const item of world.commissionItems(NOW)) {
  const day = dayOf(item.date);
  if (day >= today) continue;
  const close = item.coin === "USDT" ? "1" : spotPriceAt(SEED, `${item.coin}USDT`, item.date + DAY);
  add(metrics["commission ≈ USDT"]!, day, new Decimal(item.commission).times(close));
  add(metrics["volume (USDT)"]!, day, new Decimal(item.takerAmount).plus(item.makerAmount));
}
for (const u of world.invitedUsers(NOW)) if (u.firstTrade !== null && dayOf(u.firstTrade) < today) add(metrics["new traders"]!, dayOf(u.firstTrade), 1);

/** The periods that ended before today: months, or quarters, as [from, to] days. */
function periods(kind: "month" | "quarter"): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const step = kind === "month" ? 1 : 3;
  const start = new Date(first);
  let y = start.getUTCFullYear();
  let m = kind === "month" ? start.getUTCMonth() : Math.floor(start.getUTCMonth() / 3) * 3;
  for (;;) {
    const from = Date.UTC(y, m, 1);
    const to = Date.UTC(y, m + step, 1) - DAY;
    if (dayOf(to) >= today) return out;
    out.push([dayOf(from), dayOf(to)]);
    m += step;
    if (m >= 12) [y, m] = [y + 1, m - 12];
  }
}

const CHECKPOINTS = { month: [1, 8, 15, 22], quarter: [1, 31, 61] } as const;
console.log(`Forecast backtest — default sandbox world, ${Object.values(metrics)[0]!.size} days of history; load ${loadavg().map((l) => fmt(l, 1)).join(" / ")}`);
console.log("period   made on day  metric              periods  inside range  median |error| of the middle value");
for (const kind of ["month", "quarter"] as const) {
  for (const checkpoint of CHECKPOINTS[kind]) {
    for (const [name, series] of Object.entries(metrics)) {
      let n = 0;
      let inside = 0;
      const errors: number[] = [];
      for (const [from, to] of periods(kind)) {
        const on = dayOf(Date.parse(`${from}T00:00:00Z`) + (checkpoint - 1) * DAY);
        const values = new Map([...series].filter(([d]) => d < on).map(([d, v]) => [d, v.toFixed()]));
        const f = projectPeriod({ from, to, today: on, values });
        if (!f.available) continue; // its four weeks before the checkpoint are not all in the history
        const final = [...series].filter(([d]) => d >= from && d <= to).reduce((a, [, v]) => a.plus(v), new Decimal(0));
        n += 1;
        if (final.gte(f.low) && final.lte(f.high)) inside += 1;
        if (!final.isZero()) errors.push(new Decimal(f.value).minus(final).abs().div(final).toNumber());
      }
      errors.sort((a, b) => a - b);
      const median = errors.length > 0 ? `${fmt(errors[Math.floor(errors.length / 2)]! * 100, 1)} %` : "—";
      const share = n > 0 ? `${inside}/${n} (${fmt((inside / n) * 100, 0)} %)` : "—";
      console.log(`${kind.padEnd(8)} ${String(checkpoint).padStart(11)}  ${name.padEnd(19)} ${String(n).padStart(7)}  ${share.padStart(12)}  ${median}`);
    }
  }
}
