import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Prefetched } from "@/components/providers/prefetched";
import { Skeleton } from "@/components/ui/skeleton";
import { checkAccess } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { queryKeys } from "@/lib/query-keys";
import { shareLinkList } from "@/lib/share/manage";
import { SavedViewsList } from "@/components/saved-views/views-list";
import { ShareLinksView } from "./client";

export const metadata: Metadata = { title: "Saved views and links" };
export const dynamic = "force-dynamic";

/** Saved views (open, share, make a digest, rename, pin, delete, history) and every share link: its scope, creator, expiry, views; pause, revoke or copy it. */
export default async function ReportsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Saved views and links" eyebrow="Workspace">
        <p>Report views saved under a name, and links to report views for people without an account. Save a view or share one from any analytics page.</p>
      </PageHeader>
      {allowed ? <SavedViewsList /> : null}
      {allowed ? (
        // The list is read on the server (the GET /api/share answer) and comes in the page's HTML.
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <Prefetched queryKey={queryKeys.shareLinks()} read={async () => ({ links: await shareLinkList(await getDb(), user) })}>
            <ShareLinksView />
          </Prefetched>
        </Suspense>
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Saved views and share links need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
