/** Which connection a request works on: the `rd_connection` cookie, else the first connection. */
import "server-only";
import { ApiError } from "../api/route";
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
  if (read.state === "malformed") {
    throw new ApiError(400, "BAD_COOKIE", `the ${CONNECTION_COOKIE} cookie is malformed and has been cleared: try again`, undefined, {
      "Set-Cookie": `${CONNECTION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    });
  }
  return read.state === "ok" ? read.value : undefined;
}

/** The request's connection, or a 409 when the installation has none at all. */
export async function connectionForRequest(request: Request): Promise<ResolvedConnection> {
  const connection = await selectedConnection(connectionCookie(request));
  if (!connection) throw new ApiError(409, "NO_CONNECTION", "no exchange connection is configured: an admin adds one under Settings → Connections");
  return connection;
}
