import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** The signed-in user: `{ id, email, name, role }`. */
export const GET = apiRoute({ role: "viewer" }, ({ user }) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
}));
