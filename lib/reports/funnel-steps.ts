/**
 * The invitee funnel as steps — what the Invitees page shows under each figure and
 * what its CSV holds, written once. Browser-safe; conversions are exact (decimal.js).
 */
import Decimal from "decimal.js";
import { METRICS } from "../metrics/definitions";
import type { InviteeAnswer } from "./invitees/contract";

export interface FunnelStep {
  step: "registered" | "kyc" | "deposited" | "traded";
  label: string;
  invitees: number;
  /** The whole this step converts from (null for the first step). */
  of: number | null;
  /**
   * That whole in words. Every step is a share of the sign-ups, as Invite codes and sandbox-data.md's funnel count
   * them (lib/metrics "firstTrade"): "First trade" once was a share of depositors here and of sign-ups there.
   */
  basis: "" | "sign-ups";
  /** Median time to reach this step, in hours, and the step it is measured from. */
  medianHours: number | null;
  medianAfter: "sign-up" | "deposit" | null;
}

export function funnelSteps(f: InviteeAnswer["funnel"]): FunnelStep[] {
  return [
    { step: "registered", label: "Registered", invitees: f.registered, of: null, basis: "", medianHours: null, medianAfter: null },
    { step: "kyc", label: "KYC passed", invitees: f.kyc, of: f.registered, basis: "sign-ups", medianHours: null, medianAfter: null },
    { step: "deposited", label: "First deposit", invitees: f.deposited, of: f.registered, basis: "sign-ups", medianHours: f.medianHoursToDeposit, medianAfter: "sign-up" },
    { step: "traded", label: METRICS.firstTrade.label, invitees: f.traded, of: f.registered, basis: "sign-ups", medianHours: f.medianHoursDepositToTrade, medianAfter: "deposit" },
  ];
}

/** The step's conversion as a fraction with 6 decimals; null for the first step or an empty whole. */
export function conversionOf(step: FunnelStep): string | null {
  return step.of === null || step.of === 0 ? null : new Decimal(step.invitees).div(step.of).toFixed(6);
}
