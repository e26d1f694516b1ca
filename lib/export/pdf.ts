/**
 * A report as PDF, rendered on the server from the very page people see: the
 * system Chromium (playwright-core, never downloaded) opens a share-link page
 * of the view and prints it with the print stylesheet (A4, header with scope
 * and "data as of", page numbers). One browser per process, started on first
 * use; renders go through the bounded queue of pdf-service.ts (two at a time,
 * a few waiting, the rest refused) so a burst cannot exhaust memory or time.
 */
import "server-only";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "./chromium";
import { endAtLastInk } from "./pdf-last-ink";
import { contentDisposition } from "./file-meta";
import { pdfRenderQueue } from "./pdf-service";
import { REPORT_CONTRACTS } from "../reports/contracts";
import type { Paging } from "../reports/contracts/query-rules";

export const PDF_ORIENTATIONS = ["landscape", "portrait"] as const;
export type PdfOrientation = (typeof PDF_ORIENTATIONS)[number];

const RENDER_TIMEOUT_MS = 60_000;

/** No browser to print with (none installed, or it would not start): a 503 with the reason, not a 500. */
export class PdfUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfUnavailableError";
  }
}

let browser: Promise<Browser> | null = null;

function launch(): Promise<Browser> {
  let executablePath: string;
  try {
    executablePath = chromiumPath();
  } catch (error) {
    return Promise.reject(new PdfUnavailableError((error as Error).message));
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS }).catch((error: unknown) => {
    console.error("[pdf] Chromium did not start", error);
    throw new PdfUnavailableError("Chromium did not start on the server; see its log");
  });
}

function sharedBrowser(): Promise<Browser> {
  if (!browser) {
    browser = launch().then((b) => {
      b.on("disconnected", () => {
        browser = null;
      });
      return b;
    });
    browser.catch(() => {
      browser = null;
    });
  }
  return browser;
}

/**
 * Where this server can reach itself: APP_INTERNAL_URL, else 127.0.0.1 on
 * PORT (what `next start` listens on), else the request's own origin.
 */
export function internalOrigin(request: Request): string {
  const configured = process.env.APP_INTERNAL_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  if (process.env.PORT) return `http://127.0.0.1:${process.env.PORT}`;
  return new URL(request.url).origin;
}

export interface PdfRequest {
  /** Absolute URL of the page to print. */
  url: string;
  /** Cookies the page needs (a password link's unlock cookie). */
  cookies?: Array<{ name: string; value: string }>;
  orientation: PdfOrientation;
}

export async function renderPdf(request: PdfRequest): Promise<Buffer> {
  return pdfRenderQueue().run(async () => {
    const context = await (await sharedBrowser()).newContext({ reducedMotion: "reduce", colorScheme: "light" });
    try {
      if (request.cookies?.length) await context.addCookies(request.cookies.map((c) => ({ ...c, url: request.url })));
      const page = await context.newPage();
      page.setDefaultTimeout(RENDER_TIMEOUT_MS);
      const response = await page.goto(request.url, { waitUntil: "networkidle" });
      if (!response?.ok()) throw new Error(`the page to print answered ${response?.status() ?? "nothing"}`);
      // The view has its data when no loading placeholder is left; then fonts, then one frame for the charts' layout.
      await page.waitForFunction(() => !document.querySelector(".animate-pulse"));
      await page.evaluate(async () => {
        // A page that names its PDF's title (the app's own report PDFs) gets it as the document's title, which Chromium writes into the PDF.
        const title = document.querySelector("[data-pdf-title]")?.getAttribute("data-pdf-title");
        if (title) document.title = `${title} · Rebate Desk`;
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      await page.emulateMedia({ media: "print" });
      // Measured in the print layout: the boxes the document ends with, so no sheet holds only their padding.
      await page.evaluate(endAtLastInk);
      return await page.pdf({ format: "A4", landscape: request.orientation === "landscape", printBackground: true, preferCSSPageSize: false });
    } finally {
      await context.close();
    }
  });
}

export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The page the server prints for a share link's token: `?print=pdf` makes paged
 * tables print every row (up to PRINT_MAX_ROWS); a live view reads them in the
 * largest pages every paged report holds (their contracts' `paging`), a snapshot
 * in the pages it froze (the default size).
 */
const LIVE_PRINT_PAGE_SIZE = Math.min(...Object.values(REPORT_CONTRACTS).flatMap((c: { paging?: Paging }) => (c.paging ? [c.paging.maxPageSize] : [])));

export function printUrl(origin: string, token: string, mode: "live" | "snapshot", order?: URLSearchParams): string {
  const params = new URLSearchParams(order);
  params.set("print", "pdf");
  if (mode === "live") params.set("pageSize", String(LIVE_PRINT_PAGE_SIZE));
  return `${origin}/r/${token}?${params.toString()}`;
}

/** The paged table's order and search of a view (not its page): the app's PDF prints the roster as the page sorts it. */
export function tableOrderOf(query: URLSearchParams): URLSearchParams {
  const order = new URLSearchParams();
  for (const key of ["sort", "dir", "q"] as const) {
    const value = query.get(key);
    // What the views accept is checked by the data route (a bad value prints the page's own notice); this keeps the URL tame.
    if (value && /^[A-Za-z0-9_-]{1,40}$/.test(value)) order.set(key, value);
  }
  return order;
}
