/** Which connection a request works on: the `rd_connection` cookie, else the first connection. */
import "server-only";
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
