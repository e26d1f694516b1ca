/**
 * A failed report's error as every signed-in user reads it (sync_state.last_error, `GET /api/sync`, the sync panel):
 * what happened in a sentence, with the exchange's own `{code, msg}` where it sent one. Never a SQL statement, its
 * parameters (invitee uids, amounts) or anything else a driver puts in its message: a database error is reduced to its
 * cause, and any text is cut to a length a panel can show.
 */
import { isWeexError, type WeexError } from "../weex/errors";

const MAX_CHARS = 300;

const cut = (text: string): string => (text.length <= MAX_CHARS ? text : `${text.slice(0, MAX_CHARS - 1)}…`);

function exchangeWords(e: WeexError): string {
  const upstream = `${e.code}: ${e.msg}`;
  const http = e.status !== undefined ? `HTTP ${e.status}` : null;
  switch (e.kind) {
    case "rate-limited":
      return e.status === 418
        ? `the exchange banned this address for sending over its weight limit (HTTP 418); nothing is sent until the ban ends (${upstream})`
        : `the exchange asked us to slow down (HTTP 429); the read is retried after its wait (${upstream})`;
    case "network":
      return `the exchange did not answer: ${e.msg}`;
    case "invalid-response":
      return `the exchange's answer was not stored: ${e.msg}`;
    case "budget-queue-full":
      return `the weight budget had no room for the read: ${e.msg}`;
    case "invalid-request":
      return `the read was not sent (it breaks a rule of the interface): ${e.msg}`;
    default:
      return e.status !== undefined && e.status >= 500 ? `the exchange is failing (${http}): ${upstream}` : `the exchange refused the read${http ? ` (${http})` : ""}: ${upstream}`;
  }
}

/** The driver's cause of a failed query (drizzle wraps it; PostgreSQL and PGlite name a SQLSTATE), without the query. */
function databaseCause(error: Error): string | null {
  if (!/^Failed query/i.test(error.message)) return null;
  const cause = (error as { cause?: unknown }).cause;
  const message = cause instanceof Error ? cause.message : typeof cause === "string" ? cause : null;
  const code = typeof (cause as { code?: unknown } | undefined)?.code === "string" ? ` (SQLSTATE ${(cause as { code: string }).code})` : "";
  return message ? `${message.split("\n")[0]}${code}` : "a statement failed";
}

export function syncErrorWords(error: unknown): string {
  if (isWeexError(error)) return cut(exchangeWords(error));
  if (error instanceof Error) {
    const cause = databaseCause(error);
    return cut(cause ? `the warehouse refused to store the page: ${cause}` : error.message.split("\n")[0] ?? error.name);
  }
  return cut(String(error));
}
