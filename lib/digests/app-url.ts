/**
 * The address messages link to (share links, unsubscribe pages): the app's
 * public URL, NEXTAUTH_URL, as a recipient's browser reaches it; without it
 * (demo mode) http://localhost:$PORT.
 */
export function publicAppUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env.NEXTAUTH_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  return `http://localhost:${env.PORT?.trim() || "3000"}`;
}
