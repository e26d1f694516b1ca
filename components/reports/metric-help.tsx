"use client";

/**
 * The "?" beside a figure's label: its one-sentence definition (the same text the
 * report's metric definitions give every other place). A button, so it works by
 * touch and keyboard as well as by hover (title). Printed and PDF pages leave the
 * definitions out (under every label they pushed a report's chart off its first
 * page); docs/metrics.md holds them all. In a table header (`placement`) the
 * definition opens over the rows below, beside the header's start or end, rather
 * than inside the header, which would widen its column to the sentence.
 */
import { useId, useState } from "react";

const NOTE = "mt-1 text-xs font-normal text-slate-700 print:hidden dark:text-slate-300";
const OVER_ROWS =
  "absolute top-full z-20 w-64 max-w-[80vw] rounded-md border border-slate-200 bg-white p-2 text-left whitespace-normal shadow-md dark:border-slate-700 dark:bg-slate-900";

export function MetricHelp({ label, definition, placement }: { label: string; definition: string; placement?: "header-start" | "header-end" }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const where = placement === undefined ? "" : `${OVER_ROWS} ${placement === "header-end" ? "right-0" : "left-0"}`;
  return (
    <>
      <button
        type="button"
        aria-label={`What is “${label}”?`}
        aria-expanded={open}
        aria-controls={id}
        title={definition}
        onClick={() => setOpen((o) => !o)}
        className="ml-1 inline-flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-400 align-middle text-[10px] leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 print:hidden dark:border-slate-500 dark:text-slate-300 dark:hover:bg-slate-800"
        data-metric-help
      >
        ?
      </button>
      <span id={id} role="note" data-metric-definition={label} className={`${open ? "block" : "hidden"} ${NOTE} ${where}`}>
        {definition}
      </span>
    </>
  );
}
