/**
 * The sandbox's API keys. Three keys, so clients can be tested against each
 * kind of refusal the real exchange gives:
 *   - the affiliate key:  affiliate reports and trading;
 *   - the plain key (`<key>-plain`): a normal account, refused on affiliate endpoints;
 *   - the read-only key (`<key>-readonly`): the affiliate account without TRADE permission.
 * All three share the configured secret and passphrase.
 */
import "server-only";
import type { SandboxOptions } from "./config";

export type AccountKind = "affiliate" | "plain" | "readonly";

export interface SandboxAccount {
  kind: AccountKind;
  apiKey: string;
  secret: string;
  passphrase: string;
  uid: string;
  canTrade: boolean;
  isAffiliate: boolean;
}

export const PLAIN_ACCOUNT_UID = "5100000002";

export function sandboxAccounts(opts: SandboxOptions, affiliateUid: string): SandboxAccount[] {
  const shared = { secret: opts.secret, passphrase: opts.passphrase };
  return [
    { kind: "affiliate", apiKey: opts.apiKey, ...shared, uid: affiliateUid, canTrade: true, isAffiliate: true },
    { kind: "plain", apiKey: `${opts.apiKey}-plain`, ...shared, uid: PLAIN_ACCOUNT_UID, canTrade: true, isAffiliate: false },
    { kind: "readonly", apiKey: `${opts.apiKey}-readonly`, ...shared, uid: affiliateUid, canTrade: false, isAffiliate: true },
  ];
}
