/** What the Digests API answers and the page shows (browser-safe types). */
import type { DigestRunKind, DigestRunStatus, DigestScheduleKind } from "../db/schema-digests";
import type { WebhookEndpointRef } from "../notify/webhook-summary";

export interface DigestRunView {
  id: string;
  kind: DigestRunKind;
  status: DigestRunStatus;
  dueAt: number;
  period: { from: string; to: string };
  skipReason: string | null;
  lastError: string | null;
  finishedAt: number | null;
  attempts: number;
  /** The run's messages as the outbox holds them. */
  deliveries: Array<{ channel: "mail" | "webhook"; target: string; status: string; attempts: number; lastError: string | null; sentAt: number | null; where: DeliveryPlace }>;
}

export interface DigestView {
  id: string;
  label: string;
  report: string;
  reportTitle: string;
  scope: string;
  schedule: { kind: DigestScheduleKind; weekday: number | null; dayOfMonth: number | null; time: string; timeZone: string; words: string };
  /** The next occurrence: UTC (ms) and the digest's own zone's wall time in words. */
  nextRunAt: number;
  nextRunLocal: string;
  mailTo: string[];
  webhookEndpointIds: string[];
  /** The same endpoints with their labels; label null: the endpoint was deleted (its messages fail). */
  webhookEndpoints: WebhookEndpointRef[];
  skipWhenEmpty: boolean;
  skipWhenUnchanged: boolean;
  redactUids: boolean;
  percentages: boolean;
  paused: boolean;
  pausedReason: string | null;
  ownerEmail: string;
  lastRun: Pick<DigestRunView, "status" | "dueAt" | "skipReason" | "kind"> | null;
  canEdit: boolean;
  canPause: boolean;
  /** "From view X": the saved view's name, "" for a view since deleted, null when made from a page. */
  fromView: string | null;
}

/**
 * Where a message went or will go, so a run never reads "Sent" for mail that went nowhere: `outbox` — kept in the
 * in-app outbox (demo mode without SMTP_URL), `mail-server` — handed to the SMTP server, `no-mail-server` — mail
 * cannot go (no SMTP_URL outside demo mode), `webhook` — posted to the endpoint.
 */
export type DeliveryPlace = "outbox" | "mail-server" | "no-mail-server" | "webhook";
