/** Reading the exchange's HTTP answers (Retry-After, `{code,msg}` refusals), and the client's abortable backoff sleep. */

export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function refusalBody(body: unknown): { code: number; msg: string } | undefined {
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const { code, msg } = body as { code?: unknown; msg?: unknown };
    if (typeof code === "number" && typeof msg === "string") return { code, msg };
  }
  return undefined;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(signal.reason);
    }, { once: true });
  });
