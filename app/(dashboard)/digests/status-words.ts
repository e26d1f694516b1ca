/** Run and message states in words (never the stored codes). */
import type { DigestRunStatus } from "@/lib/db/schema-digests";
import type { DeliveryPlace } from "@/lib/digests/view-types";

export const RUN_STATUS_WORDS: Record<DigestRunStatus, string> = {
  running: "Being prepared",
  queued: "Handed to delivery",
  skipped: "Skipped",
  failed: "Failed",
};

/**
 * A message's state with where it went: "Sent" alone said so for mail kept in the app's outbox in demo mode, which
 * went nowhere (issue 24).
 */
export function deliveryWords(status: string, where: DeliveryPlace): string {
  if (status === "failed") return "Could not be sent";
  switch (where) {
    case "outbox":
      return status === "sent" ? "Kept in the Outbox (no SMTP configured): not sent to anyone" : "Waiting: it will be kept in the Outbox (no SMTP configured), not sent to anyone";
    case "mail-server":
      return status === "sent" ? "Sent to the mail server" : "Waiting to be sent to the mail server";
    case "no-mail-server":
      return "Waiting: no mail server is configured (SMTP_URL), so it cannot be sent";
    case "webhook":
      return status === "sent" ? "Posted to the webhook" : "Waiting to be posted to the webhook";
  }
}
