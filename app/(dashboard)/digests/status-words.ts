/** Run and message states in words (never the stored codes). */
import type { DigestRunStatus } from "@/lib/db/schema-digests";

export const RUN_STATUS_WORDS: Record<DigestRunStatus, string> = {
  running: "Being prepared",
  queued: "Handed to delivery",
  skipped: "Skipped",
  failed: "Failed",
};

export const DELIVERY_STATUS_WORDS: Record<string, string> = { pending: "Waiting to be sent", sent: "Sent", failed: "Could not be sent" };
export const deliveryStatusWords = (status: string) => DELIVERY_STATUS_WORDS[status] ?? status;
