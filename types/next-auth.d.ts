// next-auth types for this app: the session and token carry the user's id and role (and the token its session version).
import type { DefaultSession } from "next-auth";
import type { Role } from "@/lib/auth/roles";

declare module "next-auth" {
  interface User {
    role: Role;
    /** users.session_version when signed in (lib/auth/session-token.ts). */
    sessionVersion: number;
  }
  interface Session {
    user: { id: string; email: string; name: string; role: Role } & Omit<DefaultSession["user"], "email" | "name">;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    id?: string;
    role?: Role;
    /** The session version this token was issued under; the token is dead once the user's row moves on. */
    sv?: number;
  }
}
