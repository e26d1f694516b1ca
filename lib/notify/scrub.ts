/**
 * Error text made safe to store and log: what a delivery's owner may read in
 * the attempts table. URLs keep only their scheme and host (a webhook URL's path
 * is often itself a credential, its query string too; an SMTP URL carries a
 * password), and any secret the caller names is blanked wherever it appears.
 */
const URL_PATTERN = /\b([a-z][a-z0-9+.-]*):\/\/([^\s/?#"'<>]*)([^\s"'<>]*)/gi;

export function scrubError(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  let out = text;
  // Longest first, so a secret containing another is blanked whole.
  for (const secret of [...secrets].filter((s): s is string => Boolean(s && s.length >= 4)).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join("[secret]");
  }
  out = out.replace(URL_PATTERN, (_match, scheme: string, authority: string, rest: string) => {
    const host = authority.includes("@") ? authority.slice(authority.lastIndexOf("@") + 1) : authority;
    return `${scheme}://${host}${rest ? "/…" : ""}`;
  });
  return out.slice(0, 500);
}
