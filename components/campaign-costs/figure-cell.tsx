"use client";

/** A campaign figure in a cell: its amount, or a dash with the reason in words beside it (never 0, never ∞). */
import Decimal from "decimal.js";
import { formatCoinAmount } from "@/lib/format/amount";
import { ratioWords, type Figure } from "@/lib/campaign-costs/figures";

/** `verdict`: a ratio says under it whether the spend is paid back (not in the cohort table's month grid, where it would repeat). */
export function FigureCell({ figure, ratio = false, verdict = true }: { figure: Figure; ratio?: boolean; verdict?: boolean }) {
  if (figure.value === null) {
    return (
      <span className="text-slate-500 dark:text-slate-400" data-blank>
        — <span className="text-xs">{figure.blank}</span>
      </span>
    );
  }
  if (!ratio) return <span title={figure.value}>{formatCoinAmount(figure.value, "USDT")}</span>;
  // The ratio and what it means for the spend: 1× is the commission equal to the cost.
  const paidBack = !new Decimal(figure.value).lt(1);
  return (
    <span title={figure.value}>
      <span data-ratio>{ratioWords(figure.value)}</span>
      {verdict ? <span className="block text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">{paidBack ? "paid back" : "not yet paid back"}</span> : null}
    </span>
  );
}

/**
 * A figure blank for the reason its row already says once — the cost's (no cost entered, not valued): every figure
 * divided by the cost is blank for that one reason, and writing it in each cell buried the row. Nothing is drawn; a
 * screen reader, which reads the cell alone, still hears why.
 */
export function SaidBlank({ words }: { words: string | null }) {
  return (
    <span className="sr-only" data-blank>
      {words}
    </span>
  );
}
