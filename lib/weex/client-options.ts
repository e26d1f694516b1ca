/** What a WeexClient is made with (lib/weex/client.ts), and what one call may ask of it. Types only. */
import type { WeightBudget } from "./budget";

export interface Credentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export interface WeexClientOptions {
  /** Base URL of spot and affiliate paths (/api/v3), e.g. https://api-spot.weex.com */
  spotBaseUrl: string;
  /** Base URL of contract paths (/capi/v3). */
  contractBaseUrl: string;
  credentials?: Credentials;
  /** Shared per connection; one is made with the defaults when absent. */
  budget?: WeightBudget;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Extra attempts of idempotent calls after network errors, 5xx and 429/418 (default 3). */
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * Budget key of the UID weight (default: the API key). Set it to the account's uid
   * when several keys of one account share the exchange's per-UID budget.
   */
  budgetUidKey?: string;
  /** Learn the server's clock from exchangeInfo before the first signed call (default true). */
  syncClock?: boolean;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  /** Told of every 429/418 the exchange answers (the app records them for its sync-health alerts). */
  onRateLimited?: (status: number) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * How long this call may wait for room in the weight budget, in all (a person's live request);
   * past it, or as soon as it is known to be too long, it fails with `budget-queue-full` and a
   * `retryAfterMs`, nothing sent. Unset: it waits as long as the budget needs (the sync).
   */
  maxWaitMs?: number;
  /**
   * One deadline for the whole call (a person's live request): the budget wait, every attempt and every backoff end
   * within it, and an idempotent call is retried at most once (never more than twice its weight). Past it the call
   * fails with the last error, or "request timed out". Unset: attempts and retries as the client is configured.
   */
  deadlineMs?: number;
}
