/**
 * The one reader of our own cookies from a request's Cookie header. A client
 * can send any bytes there: bad percent-encoding (on which decodeURIComponent
 * throws) or control characters (a NUL cannot even reach PostgreSQL) make the
 * cookie "malformed" — never an exception — and each caller decides what that means.
 */
import { hasControlCharacters } from "./safe-input";

export type CookieRead = { state: "absent" } | { state: "malformed" } | { state: "ok"; value: string };

export function readCookie(cookieHeader: string | null, name: string): CookieRead {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("="));
    } catch {
      return { state: "malformed" };
    }
    return hasControlCharacters(value) ? { state: "malformed" } : { state: "ok", value };
  }
  return { state: "absent" };
}

/** The cookie's value when present and well formed; a malformed one counts as absent. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  const read = readCookie(cookieHeader, name);
  return read.state === "ok" ? read.value : undefined;
}
