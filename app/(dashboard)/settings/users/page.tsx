import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { ROLE_DESCRIPTIONS, ROLES } from "@/lib/auth/roles";
import { checkAccess } from "@/lib/auth/session";
import { listUsers } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";
import { CreateUserForm, UserRowControls, type UserListItem } from "./forms";

export const metadata: Metadata = { title: "Users and roles" };
export const dynamic = "force-dynamic";

export default async function UsersSettingsPage() {
  const { user: me, allowed } = await checkAccess("admin");
  if (!allowed) {
    return (
      <div className="space-y-6">
        <PageHeader title="Users and roles" eyebrow="Settings" />
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          You need the admin role to manage users. Your role is <strong>{me.role}</strong>.
        </p>
      </div>
    );
  }

  const users: UserListItem[] = (await listUsers(await getDb())).map((user) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  }));

  return (
    <div className="space-y-8">
      <PageHeader title="Users and roles" eyebrow="Settings">
        <p>Who can sign in, and what each person may do.</p>
      </PageHeader>

      <section aria-labelledby="roles-heading">
        <h2 id="roles-heading" className="text-lg font-semibold">
          Roles
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {ROLES.map((role) => (
            <div key={role} className="contents">
              <dt className="font-medium">{role}</dt>
              <dd className="text-slate-600 dark:text-slate-300">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="create-heading" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="create-heading" className="mb-4 text-lg font-semibold">
          Add a user
        </h2>
        <CreateUserForm />
      </section>

      <section aria-labelledby="list-heading">
        <h2 id="list-heading" className="text-lg font-semibold">
          Users ({users.length})
        </h2>
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  User
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Role
                </th>
                <th scope="col" className="py-2 font-medium">
                  Manage
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id} className="border-b border-slate-100 align-top dark:border-slate-800/60">
                  <td className="py-3 pr-4">
                    <div className="font-medium">{user.name}</div>
                    <div className="text-slate-600 dark:text-slate-400">
                      {user.email}
                      {user.id === me.id ? " (you)" : ""}
                    </div>
                  </td>
                  <td className="py-3 pr-4">{user.role}</td>
                  <td className="py-3">
                    <UserRowControls user={user} isSelf={user.id === me.id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
