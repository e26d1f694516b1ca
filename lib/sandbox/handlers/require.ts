/** Small guards the handlers share. */
import type { SandboxAccount } from "../accounts";
import { SandboxRefusal } from "../refusal";

/** Signed handlers always have an account; this narrows the type and fails loudly if routing ever broke that. */
export function accountOf(account: SandboxAccount | undefined): SandboxAccount {
  if (!account) throw new SandboxRefusal("KEY_MISSING", 401);
  return account;
}
