import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { ShareLinksView } from "./client";

export const metadata: Metadata = { title: "Reports" };
export const dynamic = "force-dynamic";

/** Every share link: its scope, creator, expiry, views; pause, revoke or copy it. */
export default async function ReportsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Reports" eyebrow="Workspace">
        <p>Links to report views for people without an account. Create one with Share on any analytics page.</p>
      </PageHeader>
      {allowed ? (
        <ShareLinksView />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Share links need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
