/**
 * The parameters a report answer says it could not use, already in words
 * (lib/url-state/param-issues.ts): the app's pages clean their address before
 * asking (ParamNotice), so this shows on share links and other callers that
 * pass a raw query.
 */
export function IssuesNotice({ issues }: { issues: readonly string[] }) {
  if (issues.length === 0) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      {issues.join(" ")}
    </p>
  );
}
