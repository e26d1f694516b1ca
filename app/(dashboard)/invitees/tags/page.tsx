import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { TagVocabulary } from "./vocabulary";

export const metadata: Metadata = { title: "Invitee tags" };
export const dynamic = "force-dynamic";

/** The connection's tag vocabulary: each tag's colour, name and count; rename, merge and delete. */
export default async function InviteeTagsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Invitee tags" eyebrow="Affiliate">
        <p>
          Your team&apos;s tags on this connection&apos;s invitees, with how many carry each. Renaming or recolouring changes every invitee&apos;s chip; merging
          moves a tag&apos;s invitees onto another; deleting removes it from everyone. Each change is logged. Tags are never shown on share links, their PDFs
          or digests. <Link href="/invitees" className="font-medium underline">Back to the invitee directory</Link>
        </p>
      </PageHeader>
      {allowed ? (
        <TagVocabulary />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Invitee tags need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
