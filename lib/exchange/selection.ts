/** Which connection a request works on: the `rd_connection` cookie, else the first connection. */
import "server-only";
import { ApiError } from "../api/route";
import { selectedConnection } from "./connections";
import type { ResolvedConnection } from "./types";

export const CONNECTION_COOKIE = "rd_connection";

export function connectionCookie(request: Request): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CONNECTION_COOKIE) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The request's connection, or a 409 when the installation has none at all. */
export async function connectionForRequest(request: Request): Promise<ResolvedConnection> {
  const connection = await selectedConnection(connectionCookie(request));
  if (!connection) throw new ApiError(409, "NO_CONNECTION", "no exchange connection is configured: an admin adds one under Settings → Connections");
  return connection;
}
