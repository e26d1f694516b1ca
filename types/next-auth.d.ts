// next-auth types for this app: the session and token carry the user's id and role.
import type { DefaultSession } from "next-auth";
import type { Role } from "@/lib/auth/roles";

declare module "next-auth" {
  interface User {
    role: Role;
  }
  interface Session {
    user: { id: string; email: string; name: string; role: Role } & Omit<DefaultSession["user"], "email" | "name">;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    id?: string;
    role?: Role;
  }
}
