import type { ReactNode } from "react";
import { DateRangeNote } from "@/components/layout/date-range-note";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { getDateRange, type SearchParamsLike } from "@/lib/url-state/date-range";

/**
 * The frame of every analytics page: heading, the period the URL selects, and
 * the analyst role check (affiliate reports need analyst or above) before the
 * interactive view is rendered at all.
 */
export async function ReportPage({
  title,
  description,
  searchParams,
  children,
}: {
  title: string;
  description: string;
  searchParams: SearchParamsLike;
  children: ReactNode;
}) {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title={title} eyebrow="Affiliate">
        <p>{description}</p>
        <DateRangeNote range={getDateRange(searchParams)} />
      </PageHeader>
      {allowed ? (
        children
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Affiliate reports need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
