/**
 * Display of exchange timestamps. Always UTC and locale-free, so the server
 * render and the browser render print the same text (no hydration mismatch)
 * and every screen says "(UTC)" truthfully.
 */
import { EMPTY_VALUE } from "./decimal";

/** "YYYY-MM-DD HH:mm:ss" in UTC of epoch milliseconds (a number or its digit string); EMPTY_VALUE for none. */
export function formatUtcTime(ms: string | number | null | undefined): string {
  const n = typeof ms === "string" ? Number(ms) : ms;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return EMPTY_VALUE;
  return new Date(n).toISOString().slice(0, 19).replace("T", " ");
}

/** "YYYY-MM-DD HH:mm" in UTC of epoch milliseconds or an ISO timestamp (for "data as of" and similar). */
export function formatUtcMinute(at: number | string): string {
  return new Date(at).toISOString().slice(0, 16).replace("T", " ");
}

/** "1 minute", "15 minutes": a rate limiter's wait in seconds, rounded up to whole minutes (never "0 minutes"). */
export function minutesWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
