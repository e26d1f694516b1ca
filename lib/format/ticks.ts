/**
 * Chart axes at round values: ticks at 1, 2, 2.5 or 5 × 10^k apart, from a
 * round value at or below the smallest datum to one at or above the largest,
 * always through zero; and tick labels short but distinct ("250K", "1.5M").
 * The steps are computed in decimal, so ticks are 0.3, never 0.30000000000000004.
 * Pure and browser-safe.
 */
import Decimal from "decimal.js";

const D = Decimal.clone({ precision: 40 });
const STEPS = [1, 2, 2.5, 5, 10] as const;

/** A round step that splits `span` into at most `target` intervals. */
function niceStep(span: InstanceType<typeof D>, target: number): InstanceType<typeof D> {
  const raw = span.div(target);
  const power = new D(10).pow(Math.floor(Math.log10(raw.toNumber())));
  const factor = STEPS.find((s) => power.times(s).gte(raw)) ?? 10;
  return power.times(factor);
}

/**
 * Round ticks covering [min, max] (and 0), about `target` intervals. Empty or flat
 * data (all zero) gives [0, 1] so an axis is still drawn.
 */
export function niceTicks(min: number, max: number, target = 4, options: { whole?: boolean } = {}): number[] {
  const lo = Math.min(0, Number.isFinite(min) ? min : 0);
  const hi = Math.max(0, Number.isFinite(max) ? max : 0);
  if (hi - lo <= 0) return [0, 1];
  // Whole figures (counts of people): a step of at least 1, so an axis of one sign-up does not read 0.25, 0.5, 0.75.
  const fine = niceStep(new D(hi).minus(lo), Math.max(1, target));
  const step = options.whole && fine.lt(1) ? new D(1) : options.whole ? fine.ceil() : fine;
  const first = new D(lo).div(step).floor().times(step);
  const last = new D(hi).div(step).ceil().times(step);
  const ticks: number[] = [];
  for (let t = first; t.lte(last); t = t.plus(step)) ticks.push(t.toNumber());
  return ticks;
}

const UNITS: ReadonlyArray<readonly [suffix: string, size: number]> = [
  ["T", 1e12],
  ["B", 1e9],
  ["M", 1e6],
  ["K", 1e3],
];

/**
 * A tick's label for an axis whose ticks are `ticks`, every label in the unit of the largest tick and
 * with the decimals the step needs: "0", "0.5M", "1.0M", "1.5M"; "0", "0.0002", "0.0004".
 */
export function formatTick(value: number, ticks: readonly number[]): string {
  if (value === 0) return "0";
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : 1;
  const magnitude = Math.max(...ticks.map(Math.abs));
  const [suffix, size] = UNITS.find(([, size]) => magnitude >= size) ?? ["", 1];
  const dp = new D(step).div(size).decimalPlaces();
  const scaled = new D(value).div(size).toFixed(dp);
  return `${scaled}${suffix}`;
}
