/**
 * Renders a PDF's pages to images with poppler's `pdftoppm` (Debian
 * poppler-utils; .ci/run installs it) and measures how much of each page is
 * ink, so a test can fail on a blank page. Grayscale PGM output: a header and
 * one byte per pixel, read here without any image library.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const NO_PDFTOPPM = "pdftoppm is missing: install Debian's poppler-utils (apt-get install -y poppler-utils), as .ci/run does";

function pdftoppmAvailable(): boolean {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A binary PGM (P5, 8 bit): width, height and the gray bytes. */
export function parsePgm(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  // Header: "P5" whitespace width whitespace height whitespace maxval, then one whitespace byte.
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[i]!))) i++;
    if (bytes[i] === 0x23) {
      while (bytes[i] !== 0x0a) i++; // a comment line
      continue;
    }
    let field = "";
    while (!/\s/.test(String.fromCharCode(bytes[i]!))) field += String.fromCharCode(bytes[i++]!);
    fields.push(field);
  }
  const [magic, width, height, maxval] = fields;
  if (magic !== "P5" || maxval !== "255") throw new Error(`not an 8-bit binary PGM: ${fields.join(" ")}`);
  const w = Number(width);
  const h = Number(height);
  return { width: w, height: h, pixels: bytes.subarray(i + 1, i + 1 + w * h) };
}

export interface PageInk {
  page: number;
  /** Share of the page's body (its margins, where the running footer sits, left out) that is not near-white. */
  ink: number;
}

/**
 * Each page's ink, rendered at `dpi` (low: only blankness is judged). The top
 * 5 % and bottom 8 % of a page (the @page margins: "Rebate Desk", "Page i of n")
 * are not counted, so a page holding nothing but its footer counts as blank.
 */
export function pageInk(pdf: Uint8Array, dpi = 30): PageInk[] {
  if (!pdftoppmAvailable()) throw new Error(NO_PDFTOPPM);
  const dir = mkdtempSync(path.join(tmpdir(), "rd-pdf-pages-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-gray", "-r", String(dpi), file, path.join(dir, "page")]);
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith(".pgm"))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]));
    return pages.map((f, index) => {
      const { width, height, pixels } = parsePgm(readFileSync(path.join(dir, f)));
      const top = Math.floor(height * 0.05);
      const bottom = Math.floor(height * 0.92);
      let dark = 0;
      for (let y = top; y < bottom; y++) for (let x = 0; x < width; x++) if (pixels[y * width + x]! < 200) dark++;
      return { page: index + 1, ink: dark / (width * (bottom - top)) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
