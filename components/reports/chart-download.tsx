"use client";

import { useState, type RefObject } from "react";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { buildStandaloneSvg, chartFileName, periodOf, type LegendEntry, type StandaloneChart } from "./chart-image";
import { NOT_SYNCED_FILL } from "./coverage-legend";
import { dataAsOfText, useReportMeta } from "./report-context";

/** Presentation properties copied from the computed style, so the file renders without the page's stylesheets. */
const INLINED = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-linecap",
  "stroke-linejoin",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "visibility",
  "display",
] as const;

/**
 * Reads computed styles as the light theme draws them: the file always has a
 * light background. The `dark` class is lifted and put back in the same task,
 * so nothing is painted in between and the screen never flickers.
 */
function withLightTheme<T>(read: () => T): T {
  const root = document.documentElement;
  const dark = root.classList.contains("dark");
  if (dark) root.classList.remove("dark");
  try {
    return read();
  } finally {
    if (dark) root.classList.add("dark");
  }
}

/** The chart's <svg> children with their computed styles inlined, and its size. */
function cloneChart(svg: SVGSVGElement): { markup: string; width: number; height: number; viewBox: string } {
  const rect = svg.getBoundingClientRect();
  const width = Number(svg.getAttribute("width")) || rect.width;
  const height = Number(svg.getAttribute("height")) || rect.height;
  const viewBox = svg.getAttribute("viewBox") ?? `0 0 ${width} ${height}`;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...Array.from(svg.querySelectorAll<SVGElement>("*"))];
  const copies = [clone, ...Array.from(clone.querySelectorAll<SVGElement>("*"))];
  withLightTheme(() => {
    originals.forEach((original, i) => {
      const copy = copies[i];
      if (!copy) return;
      // The tooltip's hover cursor is not part of the figure.
      if (original.classList.contains("recharts-tooltip-cursor")) {
        copy.remove();
        return;
      }
      const computed = getComputedStyle(original);
      const style = INLINED.map((name) => `${name}:${computed.getPropertyValue(name)}`).join(";");
      copy.setAttribute("style", style);
      // Classes only meant something with the page's stylesheet; the inline style replaces them.
      copy.removeAttribute("class");
    });
  });
  const serializer = new XMLSerializer();
  const markup = Array.from(clone.childNodes, (node) => serializer.serializeToString(node)).join("");
  return { markup, width, height, viewBox };
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute is ample before letting it go.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The SVG drawn on a canvas at twice its size (sharp on high-density screens and in documents). */
async function rasterise(chart: StandaloneChart): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([chart.svg], { type: "image/svg+xml;charset=utf-8" }));
  try {
    const image = new Image(chart.width, chart.height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = chart.width * 2;
    canvas.height = chart.height * 2;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas in this browser.");
    context.scale(2, 2);
    context.drawImage(image, 0, 0, chart.width, chart.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The image could not be encoded."))), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

const buttonClass = cn(
  "inline-flex h-7 items-center rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 hover:bg-slate-100",
  "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800",
  focusRing,
);

/**
 * "PNG" and "SVG" downloads of one chart, headed with the page's title, scope
 * and "data as of" (ReportMeta), so the file explains itself out of context.
 * Never printed.
 */
export function ChartDownload({
  title,
  legend,
  chartRef,
  period,
  marks,
  notes = [],
}: {
  title: string;
  legend: readonly LegendEntry[];
  /** The element the chart is drawn in (its main <svg> is the wrapper's child; legend icons are svgs too). */
  chartRef: RefObject<HTMLElement | null>;
  /** The chart's first and last bucket: the file name's period when the scope has none. */
  period: { from: string; to: string };
  /** Buckets drawn as not synced or partly synced: the file's legend names their marks. */
  marks?: { uncovered: readonly string[]; partial: readonly string[]; partialLabel?: string };
  /** The chart's annotations in words, numbered as its markers: listed under the chart in the file. */
  notes?: readonly string[];
}) {
  const meta = useReportMeta();
  const [problem, setProblem] = useState<string | null>(null);

  function build(): StandaloneChart {
    const svg = chartRef.current?.querySelector<SVGSVGElement>(".recharts-wrapper > svg.recharts-surface");
    if (!svg) throw new Error("The chart is not drawn yet.");
    const chart = cloneChart(svg);
    return buildStandaloneSvg({
      chartMarkup: chart.markup,
      chartWidth: chart.width,
      chartHeight: chart.height,
      viewBox: chart.viewBox,
      title,
      scope: meta.scope,
      asOfText: dataAsOfText(meta.dataAsOf),
      coverageNote: meta.coverage?.note ?? "",
      notes,
      legend: [
        ...legend,
        ...(marks && marks.uncovered.length > 0 ? [{ label: "Not synced (no data, not zero)", color: NOT_SYNCED_FILL }] : []),
        ...(marks && marks.partial.length > 0 ? [{ label: marks.partialLabel ?? "Faded: partly synced", color: "#cbd5e1" }] : []),
      ],
    });
  }

  async function download(kind: "png" | "svg") {
    setProblem(null);
    try {
      const chart = build();
      const blob = kind === "svg" ? new Blob([chart.svg], { type: "image/svg+xml;charset=utf-8" }) : await rasterise(chart);
      save(blob, chartFileName(title, periodOf(meta.scope, period), kind));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The download failed.");
    }
  }

  return (
    <div role="group" aria-label={`Download ${title}`} data-print="hide" className="flex items-center justify-end gap-1.5 print:hidden">
      <span aria-hidden="true" className="text-xs text-slate-600 dark:text-slate-400">
        Download
      </span>
      <button type="button" className={buttonClass} aria-label={`Download PNG of ${title}`} onClick={() => void download("png")}>
        PNG
      </button>
      <button type="button" className={buttonClass} aria-label={`Download SVG of ${title}`} onClick={() => void download("svg")}>
        SVG
      </button>
      {problem ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
