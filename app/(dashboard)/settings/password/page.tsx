import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { checkAccess } from "@/lib/auth/session";
import { ChangePasswordForm } from "./form";

export const metadata: Metadata = { title: "Password" };
export const dynamic = "force-dynamic";

export default async function PasswordSettingsPage() {
  const { user } = await checkAccess("viewer");
  return (
    <div className="space-y-8">
      <PageHeader title="Password" eyebrow="Settings">
        <p>
          Change the password of <strong>{user.email}</strong>. You need your current password.
        </p>
      </PageHeader>
      <ChangePasswordForm email={user.email} />
    </div>
  );
}
