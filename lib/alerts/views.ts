/** What the alert routes answer: types only, browser-safe (the alerts page reads these). */
import type { WebhookEndpointRef } from "../notify/webhook-summary";
import type { RuleChannels, RuleKind, RuleParams } from "./kinds";

export interface AlertRuleView {
  id: string;
  name: string;
  kind: RuleKind;
  params: RuleParams;
  /** The rule in words. */
  description: string;
  channels: RuleChannels;
  /** channels.webhooks with their labels; label null: the endpoint was deleted (its messages fail). */
  webhookEndpoints: WebhookEndpointRef[];
  cooldownMinutes: number;
  mutedUntil: string | null;
  /** Muted now (the server's clock: mutedUntil is still ahead). */
  muted: boolean;
  paused: boolean;
  ownerEmail: string;
  /** The signed-in user may edit and delete it (its creator). */
  canEdit: boolean;
  /** The signed-in user may pause, mute and delete it (its creator or an admin). */
  canManage: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AlertEventView {
  id: string;
  ruleId: string;
  ruleName: string;
  firedAt: string;
  sentence: string;
  figures: Record<string, string>;
  links: Array<{ label: string; href: string }>;
  acknowledgedAt: string | null;
  acknowledgedByEmail: string | null;
}

export interface AlertEventsAnswer {
  events: AlertEventView[];
  unacknowledged: number;
}
