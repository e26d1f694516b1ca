"use client";

/**
 * A link to another report page that keeps the view's filters
 * (lib/reports/entity-links.ts reportHref): an Overview card to the page that
 * explains it. On a share link it stays plain text, as EntityLink does: a
 * partner sees only the shared view, never the app's pages behind it.
 */
import { Link } from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { reportHref } from "@/lib/reports/entity-links";
import { useReportSource } from "./report-context";

export function ReportLink({ path, page, children, className }: { path: string; page: string; children: ReactNode; className?: string }) {
  const params = useSearchParams();
  const shared = useReportSource().shared;
  if (shared) return <span className={className}>{children}</span>;
  return (
    <Link
      href={reportHref(path, new URLSearchParams(params.toString()))}
      className={`underline decoration-dotted underline-offset-2 hover:decoration-solid ${className ?? ""}`}
      title={`Explained on ${page}`}
    >
      {children}
    </Link>
  );
}
