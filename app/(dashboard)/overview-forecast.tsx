"use client";

/**
 * The month- or quarter-end forecast of a month- or quarter-to-date Overview (lib/forecast): each projected figure
 * with what is held so far, the projection and its range, and the method in one sentence, since it is an estimate.
 * A figure that cannot be projected says why. Below it, in the app, the period's targets and tier thresholds. Not on a percentages link: there every amount is a share, and a share
 * of a projection says nothing a partner could act on.
 */
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { MetricHelp } from "@/components/reports/metric-help";
import { money, useAmountFormat, useReportSource } from "@/components/reports/report-context";
import { formatCount } from "@/lib/format/amount";
import { countOf } from "@/lib/format/plural";
import { metric } from "@/lib/metrics/definitions";
import { FORECAST_METRICS, type ForecastFigure, type ForecastMetric } from "@/lib/forecast/types";
import { dayInWords, stretchInWords } from "@/lib/reports/period-words";
import type { OverviewAnswer } from "@/lib/reports/overview/contract";
import { ForecastChart } from "./overview-forecast-chart";
import { OverviewTargets, targetAmount } from "./overview-targets";

const DP: Record<ForecastMetric, number | null> = { commissionAllCoins: 2, volumeAllCoins: 0, newTraders: null };

/** A projected figure as the page says it: money at its decimals, a count of people rounded to a whole one. */
function useForecastShown(): (key: ForecastMetric, v: string | null) => string {
  const fmt = useAmountFormat();
  return (key, v) => {
    if (v === null) return "—";
    const dp = DP[key];
    // Counts projected as a mean can have a fraction: a person is whole, so the figure is rounded to one.
    return dp === null ? formatCount(String(Math.round(Number(v)))) : money(fmt, v, dp);
  };
}

/**
 * The projection on a headline card (commission and volume) of a month- or quarter-to-date view: "Month-end ≈ X", its
 * range, and a link to the forecast below that says how it is made. Nothing on other ranges or a percentages link.
 */
export function CardForecast({ data, metricKey }: { data: OverviewAnswer; metricKey: ForecastMetric }) {
  const fmt = useAmountFormat();
  const shown = useForecastShown();
  const forecast = data.forecast;
  if (!forecast || fmt.percentages) return null;
  const figure = forecast.figures[metricKey];
  const period = forecast.period === "month" ? "Month-end" : "Quarter-end";
  return (
    <dd className="text-xs text-slate-700 tabular-nums dark:text-slate-300">
      <a href="#forecast-heading" className="underline decoration-dotted underline-offset-2 hover:text-slate-900 dark:hover:text-white">
        {figure.unavailable !== null
          ? `${period}: not projected (why below)`
          : `${period} ≈ ${shown(metricKey, figure.value)} (${shown(metricKey, figure.low)} – ${shown(metricKey, figure.high)}), an estimate`}
      </a>
    </dd>
  );
}

export function OverviewForecast({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  const { shared } = useReportSource();
  const shown = useForecastShown();
  const forecast = data.forecast;
  if (!forecast || fmt.percentages) return null;
  const first = forecast.figures.commissionAllCoins;
  const period = forecast.period === "month" ? "Month-end" : "Quarter-end";
  return (
    <section aria-labelledby="forecast-heading" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="forecast-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          {period} forecast (an estimate)
        </h2>
        <ExportCsvLink report="overview" table="forecast" label={`${period} forecast`} labelShownNearby />
      </div>
      <p className="mt-1 max-w-3xl text-xs text-slate-600 dark:text-slate-400">
        For {stretchInWords({ from: forecast.from, to: forecast.to })} (UTC days), made on {dayInWords(forecast.today)} with{" "}
        {countOf(first.daysLeft, "day")} to come. {forecast.method}
      </p>
      <div className="relative mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{period} forecast</caption>
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">Figure</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">So far (whole days)</th>
              <th scope="col" className="py-1 text-right font-medium">Projected (≈), and its range</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {FORECAST_METRICS.map((key) => (
              <ForecastRow key={key} metricKey={key} figure={forecast.figures[key]} shown={(v) => shown(key, v)} />
            ))}
          </tbody>
        </table>
      </div>
      <ForecastChart forecast={forecast} shared={Boolean(shared)} shown={shown} />
      {/* The team's targets: the app's only, never a share link's. */}
      {shared ? null : <OverviewTargets forecast={forecast} answer={data} amount={targetAmount((v, dp) => money(fmt, v, dp))} />}
    </section>
  );
}

function ForecastRow({ metricKey, figure, shown }: { metricKey: ForecastMetric; figure: ForecastFigure; shown: (v: string | null) => string }) {
  const m = metric(metricKey);
  // The unit as the figure has it: the commission is valued (≈ USDT), the volume is USDT; the projection is ≈ anyway.
  const label = `${m.label}${m.unit !== "USDT" ? "" : m.estimate ? " (≈ USDT)" : " (USDT)"}`;
  return (
    <tr>
      <th scope="row" className="py-1.5 pr-3 text-left font-normal">
        <span className="inline-flex items-center gap-1">
          {label}
          <MetricHelp label={m.label} definition={m.definition} />
        </span>
      </th>
      {figure.unavailable !== null ? (
        <td colSpan={2} className="py-1.5 text-right text-slate-600 dark:text-slate-400">
          Not projected: {figure.unavailable}
        </td>
      ) : (
        <>
          <td className="py-1.5 pr-3 text-right tabular-nums">
            {/* On the period's first day no day is whole yet: there is nothing so far to show, which is not a 0 held. */}
            {figure.daysDone === 0 ? <span className="text-slate-600 dark:text-slate-400" title="Today is the period's first day: no day of it is whole yet">none yet</span> : shown(figure.soFar)}
          </td>
          <td className="py-1.5 text-right tabular-nums">
            <span className="font-medium">{shown(figure.value)}</span>
            <span className="block text-xs text-slate-700 dark:text-slate-300">
              {shown(figure.low)} – {shown(figure.high)}
            </span>
          </td>
        </>
      )}
    </tr>
  );
}
