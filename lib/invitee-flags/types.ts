/**
 * Invitee-quality flags (issue #27, docs/invitee-flags.md): browser-safe names, labels, the answer's shapes and each
 * rule said in words from its thresholds — the same sentence the invitee page, the API and the alerts show, so a rule
 * is never described apart from the figures it is judged with.
 */
import type { FlagSettings } from "./settings";

export const FLAG_KINDS = ["low_fee", "round_trip", "signup_burst", "commission_collapse"] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];
/** The directory's `?flag=`: one kind, or any of them. */
export const FLAG_FILTERS = [...FLAG_KINDS, "any"] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export const FLAG_LABELS: Readonly<Record<FlagKind, string>> = {
  low_fee: "Volume with almost no fee",
  round_trip: "Deposit, trade, withdraw almost all",
  signup_burst: "Sign-up burst under one code",
  commission_collapse: "Commission collapsed, volume held",
};
export const FLAG_FILTER_LABELS: Readonly<Record<FlagFilter, string>> = { ...FLAG_LABELS, any: "Any quality flag" };

/** What each evidence figure is (the answer's `evidence` keys, in the order shown). */
export const EVIDENCE_LABELS: Readonly<Record<FlagKind, Readonly<Record<string, string>>>> = {
  low_fee: {
    volume: "Volume (USDT)",
    fee: "Net fee (USDT)",
    normalFee: "Fee at the symbols' normal rates (USDT)",
    shareOfNormal: "Fee ÷ normal fee",
    zeroFeeItems: "Zero-fee items",
  },
  round_trip: {
    deposited: "Deposited (USDT)",
    traded: "Traded (USDT)",
    withdrawn: "Withdrawn (USDT)",
    balanceBefore: "Net deposits before (USDT)",
    share: "Withdrawn ÷ (net before + deposited)",
  },
  signup_burst: { inviteCode: "Invite code", signups: "Sign-ups that day", usualPerDay: "Usual sign-ups per day" },
  commission_collapse: {
    volumeBefore: "Volume before (USDT)",
    volumeRecent: "Volume recently (USDT)",
    commissionBefore: "Commission before (USDT)",
    commissionRecent: "Commission recently (USDT)",
    share: "Commission per volume, recent ÷ before",
  },
};

/** One raised flag of one invitee: evidence as decimal strings (and the code), over `from`–`to` (UTC days). */
export interface RaisedFlag {
  kind: FlagKind;
  label: string;
  rule: string;
  evidence: Record<string, string>;
  from: string;
  to: string;
}

export interface InviteeFlagsAnswer {
  uid: string;
  flags: RaisedFlag[];
  /** Every rule checked, raised or not (kind, label, rule). */
  rules: Array<{ kind: FlagKind; label: string; rule: string }>;
}

/** GET/PUT /api/invitee-flags/settings. */
export interface FlagSettingsAnswer {
  settings: FlagSettings;
  /** Null while the connection uses the defaults. */
  updatedAt: string | null;
  updatedBy: string | null;
}

const pct = (share: number) => `${Number((share * 100).toPrecision(6))} %`;

/** The rule of `kind` in words, with the connection's thresholds. */
export function ruleInWords(kind: FlagKind, s: FlagSettings): string {
  switch (kind) {
    case "low_fee":
      return `Over the last ${s.lowFee.days} days of USDT commission items, at least ${s.lowFee.minVolume} USDT traded and the net fee below ${pct(s.lowFee.maxShareOfNormal)} of that volume at each symbol's normal fee rate (all invitees' fee ÷ volume of that product and symbol), or any item with a zero fee.`;
    case "round_trip":
      return `Within ${s.roundTrip.windowDays} days from a deposit day (deposit days of the last ${s.roundTrip.lookbackDays} days), at least ${s.roundTrip.minDeposit} USDT deposited, some trading, and withdrawals of at least ${pct(s.roundTrip.minShare)} of the net deposits before plus those deposits.`;
    case "signup_burst":
      return `Signed up on a UTC day (in the last ${s.burst.lookbackDays} days) when the same invite code had at least ${s.burst.minSignups} sign-ups and at least ${s.burst.multiple} times its usual rate (its sign-ups per day over the ${s.burst.usualDays} days before; a code first used less than ${s.burst.usualDays} days before has no usual rate yet and is not judged).`;
    case "commission_collapse":
      return `USDT commission per volume over the last ${s.collapse.windowDays} days at most ${pct(s.collapse.maxShare)} of the ${s.collapse.windowDays} days before, while volume held at ${pct(s.collapse.minVolumeHeld)} or more of before (at least ${s.collapse.minVolume} USDT before).`;
  }
}

export function rulesInWords(s: FlagSettings): InviteeFlagsAnswer["rules"] {
  return FLAG_KINDS.map((kind) => ({ kind, label: FLAG_LABELS[kind], rule: ruleInWords(kind, s) }));
}
