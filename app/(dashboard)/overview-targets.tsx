"use client";

/**
 * Under the forecast: how each target and tier threshold of the period stands (lib/targets/progress.ts), in words
 * and with a bar — so far (solid) and projected (a mark) against the target at the bar's end. A figure the forecast
 * does not project (net deposits, new invitees …) stands on the Overview card's own value so far, with "no forecast
 * for this figure" and a bar of so far alone; blank where not synced. The app's only: the team's targets are
 * internal, never on a share link.
 */
import { Link } from "@/components/ui/link";
import { useTargets } from "@/components/targets/use-targets";
import { errorWords } from "@/lib/api-client";
import { formatCount } from "@/lib/format/amount";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import type { OverviewForecast } from "@/lib/forecast/types";
import { metric } from "@/lib/metrics/definitions";
import type { OverviewAnswer } from "@/lib/reports/overview/contract";
import { periodSoFar } from "@/lib/targets/period-so-far";
import { NO_FORECAST, periodProgressOf, progressOf, STANDING_WORDS, targetsFor, type Progress } from "@/lib/targets/progress";
import { isCountMetric, isForecastMetric, periodKey, periodKeyInWords, TARGET_UNITS, type PeriodMetric, type Target } from "@/lib/targets/types";

const TONE: Record<Progress["standing"], string> = {
  reached: "text-emerald-800 dark:text-emerald-300",
  "on-track": "text-emerald-800 dark:text-emerald-300",
  "within-reach": "text-amber-800 dark:text-amber-200",
  short: "text-red-800 dark:text-red-300",
  unknown: "text-slate-600 dark:text-slate-400",
  "not-yet": "text-slate-700 dark:text-slate-300",
  "not-held": "text-slate-600 dark:text-slate-400",
};

type Amount = (t: Target, v: string) => string;
type Answer = Pick<OverviewAnswer, "current" | "coverage">;

export function OverviewTargets({ forecast, answer, amount }: { forecast: OverviewForecast; answer: Answer; amount: Amount }) {
  const list = useTargets();
  const key = periodKey(forecast.from, forecast.period);
  const mine = targetsFor(list.data?.targets ?? [], forecast.period, key);
  return (
    <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">Targets and tier thresholds, {periodKeyInWords(key)}</h3>
        <Link href="/targets" className="text-xs text-brand-700 underline dark:text-brand-300">
          Set targets and tiers
        </Link>
      </div>
      {list.isError ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{errorWords(list.error, "The targets could not be read.")}</p> : null}
      {list.isSuccess && mine.length === 0 ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">No target or tier threshold for this {forecast.period} yet.</p>
      ) : null}
      <ul className="mt-2 space-y-3">
        {mine.map((t) => (isForecastMetric(t.metric) ? <Projected key={t.id} t={t} metricKey={t.metric} forecast={forecast} amount={amount} /> : <SoFarOnly key={t.id} t={t} metricKey={t.metric} answer={answer} from={forecast.from} amount={amount} />))}
      </ul>
    </div>
  );
}

function Projected({ t, metricKey, forecast, amount }: { t: Target; metricKey: keyof OverviewForecast["figures"]; forecast: OverviewForecast; amount: Amount }) {
  const figure = forecast.figures[metricKey];
  const p = progressOf(t.value, figure);
  const projected = figure.value === null ? "not projected" : `projected ≈ ${amount(t, figure.value)}`;
  // The forecast's so far is its whole days (today is projected); a card's figure below counts today's hours too.
  const soFar = figure.soFar === null ? "" : `${amount(t, figure.soFar)} so far (whole days)`;
  const share = p.soFarShare === null ? "" : ` (${formatFractionAsPercent(p.soFarShare, { dp: 0 })})`;
  return (
    <li className="text-sm">
      <p>
        <span className="font-medium">{figureName(t)}</span> — {targetName(t)}: {amount(t, t.value)}. {soFar}
        {share}, {projected}: <span className={`font-medium ${TONE[p.standing]}`}>{STANDING_WORDS[p.standing]}</span>
        {p.gap !== null && p.standing !== "reached" ? <span className="text-slate-600 dark:text-slate-400"> ({gapWords(t, p.gap, amount)})</span> : null}
      </p>
      <ProgressBar progress={p} />
    </li>
  );
}

/** A figure with no forecast: the card's value so far (all of the period to date, today's hours too), never a projection. */
function SoFarOnly({ t, metricKey, answer, from, amount }: { t: Target; metricKey: PeriodMetric; answer: Answer; from: string; amount: Amount }) {
  const held = periodSoFar(answer, metricKey, from);
  const p = periodProgressOf(t.value, held.value);
  const soFar = held.value === null ? "So far: not synced (blank, never 0)" : `${amount(t, held.value)} so far (today included${held.partial ? "; partly synced" : ""})`;
  const share = p.soFarShare === null ? "" : ` (${formatFractionAsPercent(p.soFarShare, { dp: 0 })})`;
  return (
    <li className="text-sm">
      <p>
        <span className="font-medium">{figureName(t)}</span> — {targetName(t)}: {amount(t, t.value)}. {soFar}
        {share}, {NO_FORECAST}: <span className={`font-medium ${TONE[p.standing]}`}>{STANDING_WORDS[p.standing]}</span>
      </p>
      <ProgressBar progress={p} />
    </li>
  );
}

/** The figure as the targets form names it, with its unit: "Commission (USDT)", "Commission, all coins (≈ USDT)". */
const figureName = (t: Target): string => `${metric(t.metric).label} (${TARGET_UNITS[t.metric]})`;

/** A target or tier as the page names it: "Tier VIP 2", "Target (launch)", "Target". */
export const targetName = (t: Target): string => (t.kind === "tier" ? `Tier ${t.name}` : `Target${t.name ? ` (${t.name})` : ""}`);

function gapWords(t: Target, gap: string, amount: (t: Target, v: string) => string): string {
  return gap.startsWith("-") ? `short by ≈ ${amount(t, gap.slice(1))}` : `≈ ${amount(t, gap)} above it`;
}

/** So far as a bar, the projection as a mark, both as shares of the target (the bar's end), capped at 100 %. */
function ProgressBar({ progress }: { progress: Progress }) {
  // No projection (a figure without a forecast): the bar is so far alone, with no mark.
  if (progress.soFarShare === null) return null;
  const pct = (share: string | null) => Math.min(100, Math.max(0, Number(share ?? 0) * 100));
  return (
    <div className="relative mt-1 h-2 max-w-md rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
      <div className="h-full rounded bg-brand-500 [print-color-adjust:exact]" style={{ width: `${pct(progress.soFarShare)}%` }} />
      {progress.projectedShare === null ? null : <div className="absolute top-[-3px] h-[14px] w-0.5 bg-slate-700 dark:bg-slate-200" style={{ left: `${pct(progress.projectedShare)}%` }} />}
    </div>
  );
}

/** A target's amount as its figure's card counts it: whole people for counts, else the figure's unit (volume to the USDT). */
export const targetAmount = (money: (v: string, dp: number) => string) => (t: Target, v: string) =>
  isCountMetric(t.metric) ? formatCount(String(Math.round(Number(v)))) : money(v, t.metric === "volumeAllCoins" ? 0 : 2);
