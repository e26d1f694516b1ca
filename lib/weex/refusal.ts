/** Reading the exchange's answers to a refused or throttled request: its Retry-After, and its {code, msg} body. */

/** Retry-After in ms: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The exchange's refusal `{ code, msg }` in a parsed body, if that is what it is. */
export function refusalBody(body: unknown): { code: number; msg: string } | undefined {
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const { code, msg } = body as { code?: unknown; msg?: unknown };
    if (typeof code === "number" && typeof msg === "string") return { code, msg };
  }
  return undefined;
}
