/**
 * First-load JS of a page: the scripts its HTML names (what it needs before it can start), each gzipped at zlib's
 * default level as `next start` compresses them, summed. One definition for `npm run bench:pages` and for the
 * page-weight guard (e2e/page-weight.spec.ts), so the recorded figures and the guard count the same bytes.
 */
import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "playwright-core";

/** Absolute URLs of the `<script src>` tags in an HTML document. */
export function scriptsInHtml(html: string, base: string): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) {
    found.add(new URL((match[1] ?? "").replaceAll("&amp;", "&"), base).href);
  }
  return found;
}

export interface FirstLoad {
  /** gzip bytes of the scripts the HTML names. */
  bytes: number;
  scripts: number;
}

/** Fetches `path` (signed in when the context holds a session) and the scripts its HTML names. */
export async function firstLoadJs(request: APIRequestContext, baseURL: string, path: string): Promise<FirstLoad> {
  const page = await request.get(path, { maxRedirects: 0 });
  if (page.status() !== 200) throw new Error(`${path}: HTTP ${page.status()} (${page.headers()["location"] ?? "no redirect"})`);
  const scripts = [...scriptsInHtml(await page.text(), baseURL)];
  let bytes = 0;
  for (const src of scripts) {
    const script = await request.get(src);
    if (script.status() !== 200) throw new Error(`${path}: ${src} answered HTTP ${script.status()}`);
    bytes += gzipSync(await script.body()).length;
  }
  return { bytes, scripts: scripts.length };
}
