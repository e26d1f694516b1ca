/**
 * The signed-in user as the server resolves it and as `GET /api/me` answers it:
 * one type for both sides (browser-safe, types only).
 */
import type { Role } from "./roles";

/** The signed-in user, as the database says right now. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}
