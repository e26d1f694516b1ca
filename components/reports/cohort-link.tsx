"use client";

/**
 * A retention cohort (signup month) as a link to the invitee directory filtered
 * to its sign-ups inside the view's range (lib/reports/entity-links.ts
 * cohortHref), keeping the view's filters. Plain text on a share link, as
 * EntityLink: a partner sees only the shared view.
 */
import { Link } from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import { cohortHref } from "@/lib/reports/entity-links";
import { useReportSource } from "./report-context";

export function CohortLink({ cohort, range, size }: { cohort: string; range: { from: string; to: string }; size: number }) {
  const params = useSearchParams();
  const shared = useReportSource().shared;
  if (shared) return <span>{cohort}</span>;
  return (
    <Link
      href={cohortHref(cohort, range, new URLSearchParams(params.toString()))}
      className="text-brand-700 underline decoration-dotted underline-offset-2 hover:decoration-solid dark:text-brand-300"
      title={`The ${size} invitees who signed up in ${cohort} (in this period): list them in the directory`}
    >
      {cohort}
    </Link>
  );
}
