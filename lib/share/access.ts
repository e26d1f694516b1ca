/**
 * Who may do what with a share link, and whether a link opens at all. Small
 * pure functions with their own tests, used by the API routes, the Reports
 * page and the shared pages alike.
 */
import { hasRole, type Role } from "../auth/roles";

export const EXPIRY_CHOICES = ["1d", "7d", "30d", "never"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
const EXPIRY_MS: Record<Exclude<ExpiryChoice, "never">, number> = { "1d": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000 };

export function expiryFrom(choice: ExpiryChoice, now: Date): Date | null {
  return choice === "never" ? null : new Date(now.getTime() + EXPIRY_MS[choice]);
}

export type LinkState = "active" | "paused" | "revoked" | "expired";

export interface LinkLifecycle {
  pausedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
}

export function linkState(link: LinkLifecycle, now: Date): LinkState {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "expired";
  if (link.pausedAt) return "paused";
  return "active";
}

/** Analysts make links; the creator or an admin pauses, resumes, revokes and copies them. */
export function canManageLink(user: { id: string; role: Role }, link: { createdBy: string }): boolean {
  return hasRole(user.role, "admin") || (hasRole(user.role, "analyst") && link.createdBy === user.id);
}
