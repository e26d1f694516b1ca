/** The parameters of the address the report could not use, in words (lib/reports/issue-words.ts). */
import { issueInWords } from "@/lib/reports/issue-words";

export function IssuesNotice({ issues }: { issues: readonly string[] }) {
  if (issues.length === 0) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      {issues.map(issueInWords).join(" ")}
    </p>
  );
}
