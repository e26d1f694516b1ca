/**
 * Stable, unique uids and invite codes.
 *
 * Uids come from a bijection of a sequence number onto a digit range
 * (x ↦ lo + ((x + offset) · A) mod M, with A prime to M), so they look random
 * but can never collide. The ranges are disjoint by length: the affiliate has
 * an 8-digit uid (an old account), sub-affiliates 9 digits, invitees 10 digits
 * (so string order of invitee uids equals numeric order).
 */
import { Rng } from "../rng";

const MULTIPLIER = 2_654_435_761n; // prime, coprime with 9·10^k

function permuted(seq: number, seed: number, salt: string, digits: number): string {
  const lo = 10n ** BigInt(digits - 1);
  const m = 9n * lo;
  const offset = BigInt(Rng.derive(seed, "uid-offset", salt).int(0, 2_000_000_000));
  const x = ((BigInt(seq) + offset) * MULTIPLIER) % m;
  return (lo + x).toString();
}

export function affiliateUid(seed: number): string {
  return permuted(0, seed, "affiliate", 8);
}

export function subAffiliateUid(seed: number, index: number): string {
  return permuted(index, seed, "sub", 9);
}

export function inviteeUid(seed: number, seq: number): string {
  return permuted(seq, seed, "invitee", 10);
}

const CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A referral code such as "WX7KQ2": deterministic per (seed, keys). */
export function inviteCode(seed: number, prefix: string, ...keys: Array<string | number>): string {
  const rng = Rng.derive(seed, "code", prefix, ...keys);
  let code = prefix;
  while (code.length < 8) code += CODE_CHARS[rng.int(0, CODE_CHARS.length - 1)];
  return code;
}
