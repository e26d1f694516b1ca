import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { CodeCostsView } from "./code-view";

export const metadata: Metadata = { title: "Invite code: costs and payback" };
export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ code: string }> };

/** One invite code's campaign costs (entered by analysts), its return by sign-up cohort and its payback. */
export default async function InviteCodeCostsPage({ params }: PageProps) {
  const { code } = await params;
  const decoded = decodeURIComponent(code);
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title={`Invite code ${decoded}`} eyebrow="Campaign costs">
        <p>
          What your team spent on this code, and what its invitees have earned you since they signed up. Costs are your team&apos;s: never on a share link. This page runs from the code&apos;s first sign-up and first cost, whatever the period picked above.{" "}
          <Link href="/invite-codes" className="font-medium underline">
            All invite codes
          </Link>{" "}
          ·{" "}
          <Link href={`/invitees?code=${encodeURIComponent(decoded)}`} className="font-medium underline">
            This code&apos;s invitees
          </Link>
        </p>
      </PageHeader>
      {allowed ? (
        <CodeCostsView code={decoded} />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Campaign costs need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
