/**
 * What stands between a PDF request and the server's Chromium: a rendered PDF is kept for an
 * unchanged view (pdf-cache.ts), a render is counted against per-link / per-user / per-address
 * limits (the rate-limit store: memory, or Redis with REDIS_URL), and renders wait in a bounded
 * queue (render-queue.ts) — past it, a fast 503 with Retry-After. One cache and one queue per
 * process, on globalThis, so the app's and the share links' PDF routes draw on the same ones.
 */
import "server-only";
import { rateLimitStore } from "../auth/rate-limit-store";
import { PdfCache } from "./pdf-cache";
import { RenderQueue, RenderQueueFull } from "./render-queue";

/** Renders at once; each holds a browser context (~100 MB), so this stays small. */
const CONCURRENT_RENDERS = 2;

/** The window of the render limits (PDF_RENDERS_PER_*). */
export const PDF_RENDER_WINDOW_MS = 10 * 60_000;

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  const n = raw ? Number(raw) : fallback;
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, got "${raw}"`);
  return n;
}

export interface PdfSettings {
  /** Renders that may wait for a turn (PDF_MAX_QUEUE); more are refused with a 503. */
  maxQueue: number;
  /** Memory for rendered PDFs (PDF_CACHE_MB). */
  cacheBytes: number;
  /** Renders per PDF_RENDER_WINDOW_MS: per share link, per signed-in user, per client address. */
  perLink: number;
  perUser: number;
  perAddress: number;
}

export function pdfSettings(env: NodeJS.ProcessEnv = process.env): PdfSettings {
  return {
    maxQueue: wholeNumber(env, "PDF_MAX_QUEUE", 4),
    cacheBytes: wholeNumber(env, "PDF_CACHE_MB", 32) * 1024 * 1024,
    perLink: wholeNumber(env, "PDF_RENDERS_PER_LINK", 10),
    perUser: wholeNumber(env, "PDF_RENDERS_PER_USER", 30),
    perAddress: wholeNumber(env, "PDF_RENDERS_PER_ADDRESS", 30),
  };
}

const KEY = Symbol.for("rebate-desk.pdf-service");
type Holder = { [KEY]?: { queue: RenderQueue; cache: PdfCache } };

function shared(): { queue: RenderQueue; cache: PdfCache } {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const settings = pdfSettings();
    holder[KEY] = {
      queue: new RenderQueue({ concurrency: CONCURRENT_RENDERS, maxWaiting: settings.maxQueue }),
      cache: new PdfCache({ maxBytes: settings.cacheBytes, maxEntries: 200 }),
    };
  }
  return holder[KEY];
}

/** The process's render queue (renderPdf runs every render through it). */
export function pdfRenderQueue(): RenderQueue {
  return shared().queue;
}

export type PdfOutcome =
  | { ok: true; pdf: Buffer; cached: boolean }
  | { ok: false; status: 429 | 503; code: "PDF_RATE_LIMITED" | "PDF_BUSY"; msg: string; retryAfterSeconds: number };

export interface CachedPdfRequest {
  /** Everything the PDF depends on: the view, its parameters, the warehouse's "data as of". */
  key: string;
  /** Who a render counts against (PDF_RENDERS_PER_LINK / _USER / _ADDRESS). */
  limits: ReadonlyArray<{ per: "link" | "user" | "address"; id: string }>;
  render: () => Promise<Buffer>;
}

/** The PDF of a view: from the cache, or rendered within the limits and the queue. */
export async function cachedPdf(request: CachedPdfRequest): Promise<PdfOutcome> {
  const { cache } = shared();
  const kept = cache.lookup(request.key);
  if (kept) return { ok: true, pdf: await kept, cached: true };

  const settings = pdfSettings();
  const maxOf = { link: settings.perLink, user: settings.perUser, address: settings.perAddress };
  const limits = request.limits.map((l) => ({ key: `${l.per}:${l.id}`, max: maxOf[l.per] }));
  const store = rateLimitStore("pdf");
  const now = Date.now();
  const windowMs = PDF_RENDER_WINDOW_MS;
  const counts = await Promise.all(limits.map((l) => store.hit(l.key, windowMs, now)));
  const takeBack = () => Promise.all(limits.map((l) => store.undo(l.key, now)));
  if (counts.some((count, i) => count > (limits[i]?.max ?? 0))) {
    await takeBack();
    const minutes = Math.round(windowMs / 60_000);
    return { ok: false, status: 429, code: "PDF_RATE_LIMITED", msg: `too many PDFs rendered here in ${minutes} minutes; try again later`, retryAfterSeconds: 60 };
  }
  try {
    return { ok: true, pdf: await cache.render(request.key, request.render), cached: false };
  } catch (error) {
    if (!(error instanceof RenderQueueFull)) throw error;
    await takeBack(); // nothing was rendered
    return { ok: false, status: 503, code: "PDF_BUSY", msg: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
}

/** A refused PDF request as `{code,msg}` with Retry-After. */
export function pdfRefusal(outcome: Extract<PdfOutcome, { ok: false }>): Response {
  return Response.json(
    { code: outcome.code, msg: outcome.msg },
    { status: outcome.status, headers: { "Retry-After": String(outcome.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}
