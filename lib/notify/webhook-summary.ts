/** What lists show of a webhook endpoint (browser-safe): never its URL in full, never its secret. */
export interface WebhookEndpointSummary {
  id: string;
  label: string;
  urlHint: string;
  ownerUserId: string;
  ownerEmail: string;
  createdAt: string;
  secretRotatedAt: string;
}
