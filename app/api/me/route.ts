import { apiRoute } from "@/lib/api/route";
import type { SessionUser } from "@/lib/auth/session-user";

export const dynamic = "force-dynamic";

/** The signed-in user: `{ id, email, name, role }`. */
export const GET = apiRoute({ role: "viewer" }, ({ user }): SessionUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
}));
