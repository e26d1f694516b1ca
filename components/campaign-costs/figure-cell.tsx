"use client";

/** A campaign figure in a cell: its amount, or a dash with the reason in words beside it (never 0, never ∞). */
import { formatCoinAmount } from "@/lib/format/amount";
import { ratioWords, type Figure } from "@/lib/campaign-costs/figures";

export function FigureCell({ figure, ratio = false }: { figure: Figure; ratio?: boolean }) {
  if (figure.value === null) {
    return (
      <span className="text-slate-500 dark:text-slate-400" data-blank>
        — <span className="text-xs">{figure.blank}</span>
      </span>
    );
  }
  return <span title={figure.value}>{ratio ? ratioWords(figure.value) : formatCoinAmount(figure.value, "USDT")}</span>;
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
