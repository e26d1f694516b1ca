/**
 * Which URLs a webhook endpoint may have: the connection URL policy of
 * lib/exchange (https:// only; plain http:// only to loopback in demo mode; every
 * address the host resolves to public unless CONNECTION_HOST_ALLOWLIST names it),
 * checked when an endpoint is saved and again on every socket the sender opens.
 */
import "server-only";
import { baseUrlRefusal } from "../exchange/guarded-fetch";
import { urlPolicy } from "../exchange/url-policy";

/** Why this webhook URL is refused, or null. */
export async function webhookUrlRefusal(raw: string): Promise<string | null> {
  if (raw.length > 2000) return "is too long";
  return baseUrlRefusal(raw, urlPolicy());
}

/** What lists show of a URL: scheme, host and the path's last four characters (a Slack URL's path is its secret). */
export function urlHint(raw: string): string {
  const url = new URL(raw);
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.protocol}//${url.host}${path ? `/…${path.slice(-4)}` : ""}`;
}
