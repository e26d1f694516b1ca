import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { getDateRange, type SearchParamsLike } from "@/lib/url-state/date-range";
import { DateRangeNote } from "./date-range-note";
import { PageHeader } from "./page-header";

type PlaceholderPageProps = {
  title: string;
  eyebrow: string;
  /** One line: what this page will show. */
  description: string;
  emptyTitle: string;
  emptyDescription: ReactNode;
  icon?: ReactNode;
  /** The page's search params when it reads the global date range. */
  searchParams?: SearchParamsLike;
  children?: ReactNode;
};

/** A page whose data arrives in a later release: its heading, its purpose, and a clear empty state. */
export function PlaceholderPage({
  title,
  eyebrow,
  description,
  emptyTitle,
  emptyDescription,
  icon,
  searchParams,
  children,
}: PlaceholderPageProps) {
  // Resolved per request, never at import time.
  const range = searchParams ? getDateRange(searchParams) : null;
  return (
    <>
      <PageHeader title={title} eyebrow={eyebrow}>
        <p>{description}</p>
      </PageHeader>
      {children}
      {range ? (
        <div className="mb-4">
          <DateRangeNote range={range} />
        </div>
      ) : null}
      <EmptyState title={emptyTitle} description={emptyDescription} icon={icon} />
    </>
  );
}
