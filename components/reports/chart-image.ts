/**
 * Pure helpers for downloaded chart images: the file name and the standalone
 * SVG document (a light background, a header band with title, scope and
 * "data as of", the legend, then the chart drawn on screen). No DOM here, so
 * the layout is testable in node; chart-download.tsx does the DOM work
 * (cloning the chart, inlining its computed styles, rasterising).
 */

export interface LegendEntry {
  label: string;
  color: string;
}

export interface StandaloneChartInput {
  /** The chart <svg>'s children, serialized with their styles inlined. */
  chartMarkup: string;
  /** The chart's drawn size in CSS pixels (its width/height attributes). */
  chartWidth: number;
  chartHeight: number;
  /** The chart's viewBox, kept so the drawing maps 1:1 as on screen. */
  viewBox: string;
  title: string;
  scope: string;
  /** "Data as of …" or why there is none (dataAsOfText). */
  asOfText: string;
  /** What of the period the warehouse holds, when not all of it (the answer's coverage note; "" when whole). */
  coverageNote?: string;
  legend: readonly LegendEntry[];
  /** Annotations in words ("1. 2026-11-02 Campaign launched"), listed under the chart; none: nothing added. */
  notes?: readonly string[];
}

export interface StandaloneChart {
  svg: string;
  width: number;
  height: number;
}

/** The app's sans stack (tailwind.config.ts), so the header reads like the page. */
export const FONT_STACK = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const PAD = 16;
const TITLE_SIZE = 16;
const TEXT_SIZE = 12;
const LINE = 17;
const SWATCH = 10;
/** Average glyph advance as a share of the font size: no text metrics without a DOM, so widths are estimated generously. */
const GLYPH = 0.6;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

/** Lower-case words joined by dashes, ASCII only, never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "chart";
}

/**
 * The period of a scope text ("2026-10-24 – 2026-11-22 · USDT · …", see
 * lib/reports/scope-label), else the chart's first and last bucket.
 */
export function periodOf(scope: string, fallback: { from: string; to: string }): { from: string; to: string } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:\s*–\s*(\d{4}-\d{2}-\d{2}))?/.exec(scope);
  if (match?.[1]) return { from: match[1], to: match[2] ?? match[1] };
  return fallback;
}

/** rebate-desk-<title-slug>-<from>_<to>.<ext> */
export function chartFileName(title: string, period: { from: string; to: string }, ext: "png" | "svg"): string {
  const part = (s: string) => s.replace(/[^0-9A-Za-z-]+/g, "-") || "all";
  return `rebate-desk-${slugify(title)}-${part(period.from)}_${part(period.to)}.${ext}`;
}

/** Greedy word wrap to an estimated pixel width; a word longer than a line gets a line of its own. */
export function wrapText(text: string, maxWidth: number, fontSize: number): string[] {
  const maxChars = Math.max(8, Math.floor(maxWidth / (fontSize * GLYPH)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface LegendPlacement extends LegendEntry {
  x: number;
  y: number;
}

/** Legend items flowed left to right, wrapping to new rows; y is each row's top. */
export function layoutLegend(legend: readonly LegendEntry[], maxWidth: number): { items: LegendPlacement[]; height: number } {
  const items: LegendPlacement[] = [];
  let x = 0;
  let y = 0;
  for (const entry of legend) {
    const width = SWATCH + 6 + entry.label.length * TEXT_SIZE * GLYPH + 16;
    if (x > 0 && x + width > maxWidth) {
      x = 0;
      y += LINE;
    }
    items.push({ ...entry, x, y });
    x += width;
  }
  return { items, height: legend.length === 0 ? 0 : y + LINE };
}

/** The whole downloadable SVG document, sized in whole pixels (so the PNG is exactly twice as large). */
export function buildStandaloneSvg(input: StandaloneChartInput): StandaloneChart {
  const width = Math.ceil(input.chartWidth);
  const textWidth = width - 2 * PAD;
  const parts: string[] = [];
  let y = PAD + TITLE_SIZE;
  parts.push(`<text x="${PAD}" y="${y}" font-size="${TITLE_SIZE}" font-weight="600" fill="#0f172a">${escapeXml(input.title)}</text>`);
  y += 4;
  for (const line of [...wrapText(input.scope, textWidth, TEXT_SIZE), input.asOfText]) {
    y += LINE;
    parts.push(`<text x="${PAD}" y="${y}" font-size="${TEXT_SIZE}" fill="#475569">${escapeXml(line)}</text>`);
  }
  // The coverage note travels with the image: a chart with days missing says so wherever it is pasted.
  for (const line of input.coverageNote ? wrapText(input.coverageNote, textWidth, TEXT_SIZE) : []) {
    y += LINE;
    parts.push(`<text x="${PAD}" y="${y}" font-size="${TEXT_SIZE}" fill="#92400e" data-coverage-note="">${escapeXml(line)}</text>`);
  }
  y += 10;
  const legend = layoutLegend(input.legend, textWidth);
  for (const item of legend.items) {
    const top = y + item.y;
    parts.push(
      `<rect x="${PAD + item.x}" y="${top + 3}" width="${SWATCH}" height="${SWATCH}" fill="${escapeXml(item.color)}"/>`,
      `<text x="${PAD + item.x + SWATCH + 6}" y="${top + 12}" font-size="${TEXT_SIZE}" fill="#334155">${escapeXml(item.label)}</text>`,
    );
  }
  const chartTop = Math.ceil(y + legend.height + (legend.height > 0 ? 6 : 0));
  const chartHeight = Math.ceil(input.chartHeight);
  // The annotations' list travels with the image, as it stands under the chart on the page: its markers' numbers.
  const noteParts: string[] = [];
  let noteY = chartTop + chartHeight + 4;
  for (const line of (input.notes ?? []).flatMap((note) => wrapText(note, textWidth, TEXT_SIZE))) {
    noteY += LINE;
    noteParts.push(`<text x="${PAD}" y="${noteY}" font-size="${TEXT_SIZE}" fill="#92400e" data-annotation-note="">${escapeXml(line)}</text>`);
  }
  const height = (noteParts.length > 0 ? noteY + 6 : chartTop + chartHeight) + PAD / 2;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(FONT_STACK)}">`,
    `<title>${escapeXml(input.title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    `<svg x="0" y="${chartTop}" width="${width}" height="${chartHeight}" viewBox="${escapeXml(input.viewBox)}" overflow="visible">`,
    input.chartMarkup,
    `</svg>`,
    ...noteParts,
    `</svg>`,
  ].join("\n");
  return { svg, width, height };
}

