/** One evaluator per rule kind: the dispatch table. */
import "server-only";
import type { RuleKind } from "./kinds";
import { evaluateDormantTop } from "./kind-dormant-top";
import { evaluateInviteeFlagged } from "./kind-invitee-flagged";
import { evaluateKycNoDeposit } from "./kind-kyc-no-deposit";
import { evaluateLargeFlow } from "./kind-large-flow";
import { evaluatePeriodChange } from "./kind-period-change";
import { evaluateSubAffiliateChange } from "./kind-sub-affiliate-change";
import { evaluateSyncHealth } from "./kind-sync-health";
import { evaluateTargetForecast } from "./kind-target-forecast";
import type { Evaluator } from "./types";

export const EVALUATORS: { [K in RuleKind]: Evaluator<K> } = {
  "period-change": evaluatePeriodChange,
  "large-flow": evaluateLargeFlow,
  "dormant-top": evaluateDormantTop,
  "kyc-no-deposit": evaluateKycNoDeposit,
  "sub-affiliate-change": evaluateSubAffiliateChange,
  "sync-health": evaluateSyncHealth,
  "invitee-flagged": evaluateInviteeFlagged,
  "target-forecast": evaluateTargetForecast,
};
