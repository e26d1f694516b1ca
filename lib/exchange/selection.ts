/** Which connection a request works on: the `rd_connection` cookie, else the first connection. */
import "server-only";
import { readCookie } from "../api/cookies";
import { selectedConnection } from "./connections";
import type { ResolvedConnection } from "./types";

export const CONNECTION_COOKIE = "rd_connection";

/**
 * The chosen connection id, if any. A malformed cookie (we only ever set a
 * percent-encoded id) is a 400 that also clears it, so the browser's next
 * request works on the default connection instead of failing for a year.
 */
export function connectionCookie(request: Request): string | undefined {
  const read = readCookie(request.headers.get("cookie"), CONNECTION_COOKIE);
  if (read.state === "malformed") throw new BadConnectionCookieError();
  return read.state === "ok" ? read.value : undefined;
}

/** The `rd_connection` cookie is malformed (the route pipeline answers 400 BAD_COOKIE and clears it). */
export class BadConnectionCookieError extends Error {
  readonly code = "BAD_COOKIE";
  /** Expires the cookie, so the browser's next request works on the default connection. */
  readonly clearCookie = `${CONNECTION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  constructor() {
    super(`the ${CONNECTION_COOKIE} cookie is malformed and has been cleared: try again`);
    this.name = "BadConnectionCookieError";
  }
}

/** The installation has no exchange connection at all (the route pipeline answers 409 NO_CONNECTION). */
export class NoConnectionError extends Error {
  readonly code = "NO_CONNECTION";
  constructor() {
    super("no exchange connection is configured: an admin adds one under Settings → Connections");
    this.name = "NoConnectionError";
  }
}

/** The request's connection; NoConnectionError when the installation has none at all. */
export async function connectionForRequest(request: Request): Promise<ResolvedConnection> {
  const connection = await selectedConnection(connectionCookie(request));
  if (!connection) throw new NoConnectionError();
  return connection;
}
