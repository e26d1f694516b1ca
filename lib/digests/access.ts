/**
 * Who may do what with a digest. Analysts and above make their own; the
 * creator changes, sends, pauses and deletes theirs; an admin sees every
 * digest and may pause, resume or delete any, but edits only their own
 * (a digest speaks for its creator). Pure.
 */
import { hasRole, type Role } from "../auth/roles";

type Actor = { id: string; role: Role };
type Owned = { ownerUserId: string };

const owns = (user: Actor, digest: Owned) => hasRole(user.role, "analyst") && digest.ownerUserId === user.id;

export const canSeeDigest = (user: Actor, digest: Owned) => hasRole(user.role, "admin") || owns(user, digest);
export const canEditDigest = (user: Actor, digest: Owned) => owns(user, digest);
export const canPauseDigest = (user: Actor, digest: Owned) => canSeeDigest(user, digest);
