import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { hasRole } from "@/lib/auth/roles";
import { checkAccess } from "@/lib/auth/session";
import { WebhookEndpoints } from "./client";

export const metadata: Metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

/** Webhook endpoints for digests and alerts: add, test, rotate the secret, delete (analyst and above; admins see all). */
export default async function WebhooksSettingsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Webhooks" eyebrow="Settings">
        <p>
          Digests and alerts can be posted as JSON to an <code>https://</code> URL (a Slack-compatible receiver shows the <code>text</code> field as is).
          Every request is signed: <code>X-Signature: sha256=</code> and the hex HMAC-SHA256 of the raw body under the endpoint&apos;s secret.
        </p>
      </PageHeader>
      {allowed ? (
        <WebhookEndpoints isAdmin={hasRole(user.role, "admin")} />
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Webhooks need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
