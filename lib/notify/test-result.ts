/** What a "send a test" action answers (browser-safe: pages import it). */
export interface TestDeliveryResult {
  deliveryId: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  /** Scrubbed of secrets; null when the message went. */
  lastError: string | null;
}
