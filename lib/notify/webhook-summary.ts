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

/**
 * A webhook endpoint as a digest or an alert rule names it: its label, or null
 * when the endpoint has been deleted since (its deliveries then fail, saying so).
 */
export interface WebhookEndpointRef {
  id: string;
  label: string | null;
}
