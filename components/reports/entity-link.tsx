"use client";

/**
 * A uid, sub-affiliate or invite code shown in a report, as a link to its page
 * that keeps the view's filters (lib/reports/entity-links.ts). On a share link
 * it stays plain text: a partner sees only the shared view, never the app's
 * pages behind it.
 */
import { Link } from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { inviteCodeHref, inviteeHref, subAffiliateHref } from "@/lib/reports/entity-links";
import { useReportSource } from "./report-context";

export type EntityKind = "invitee" | "sub-affiliate" | "invite-code";

const HREF: Record<EntityKind, (id: string, current: URLSearchParams) => string> = {
  invitee: inviteeHref,
  "sub-affiliate": subAffiliateHref,
  "invite-code": inviteCodeHref,
};

const LABEL: Record<EntityKind, string> = { invitee: "Invitee", "sub-affiliate": "Sub-affiliate", "invite-code": "Invite code" };

export function EntityLink({ kind, id, children, className }: { kind: EntityKind; id: string; children?: ReactNode; className?: string }) {
  const params = useSearchParams();
  const shared = useReportSource().shared;
  const content = children ?? id;
  if (shared) return <span className={className}>{content}</span>;
  return (
    <Link
      href={HREF[kind](id, new URLSearchParams(params.toString()))}
      className={`text-brand-700 underline decoration-dotted underline-offset-2 hover:decoration-solid dark:text-brand-300 ${className ?? ""}`}
      title={`${LABEL[kind]} ${id}: open its page`}
    >
      {content}
    </Link>
  );
}
