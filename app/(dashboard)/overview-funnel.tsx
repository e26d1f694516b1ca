"use client";

/**
 * The invitee funnel of the period's sign-ups as a funnel: one centred bar per
 * step, its width the step's share of sign-ups, and beside it the count and the
 * step's conversion in words (lib/reports/funnel-steps.ts), so the bars are
 * decoration and every figure is text. Drawn with plain boxes: it prints and
 * scales to a phone without a chart library.
 */
import Decimal from "decimal.js";
import { ReportLink } from "@/components/reports/report-link";
import { ReportSection } from "@/components/reports/report-section";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { countOf } from "@/lib/format/plural";
import type { OverviewAnswer } from "@/lib/reports/overview/contract";
import { conversionOf, funnelSteps } from "@/lib/reports/funnel-steps";

const BAR_COLORS = ["bg-brand-600", "bg-brand-500", "bg-brand-400", "bg-brand-300"] as const;

export function InviteeFunnel({ data }: { data: OverviewAnswer }) {
  const steps = funnelSteps(data.funnel);
  const registered = data.funnel.registered;
  return (
    <ReportSection label="Invitee funnel" report="overview" table="funnel" kind="chart">
      <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">
        The {countOf(registered, "invitee")} who signed up in the period, step by step;{" "}
        <ReportLink path="/invitees" page="Invitees">
          the Invitees page
        </ReportLink>{" "}
        has the medians and the roster.
      </p>
      <ol className="space-y-2">
        {steps.map((step, i) => {
          const conversion = conversionOf(step);
          // Bar width: the step's share of sign-ups (a visible sliver for a step nobody reached yet).
          const width = registered === 0 ? 0 : new Decimal(step.invitees).div(registered).times(100).toDecimalPlaces(2).toNumber();
          return (
            <li key={step.step} className="break-inside-avoid">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium">{step.label}</span>
                <span className="tabular-nums text-slate-700 dark:text-slate-300">
                  {step.invitees}
                  {conversion !== null ? ` · ${formatFractionAsPercent(conversion, { dp: 1 })} of ${step.basis}` : ""}
                </span>
              </div>
              <div className="mt-1 flex h-5 justify-center rounded bg-slate-100 dark:bg-slate-800/60" aria-hidden="true">
                <div className={`h-full rounded [print-color-adjust:exact] ${BAR_COLORS[i] ?? "bg-brand-300"}`} style={{ width: `${Math.max(width, 0.5)}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
    </ReportSection>
  );
}
