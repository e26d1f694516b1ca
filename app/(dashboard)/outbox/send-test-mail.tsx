"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { apiPost, errorWords } from "@/lib/api-client";
import type { TestDeliveryResult } from "@/lib/notify/test-result";

function outcomeText(result: TestDeliveryResult): string {
  if (result.status === "sent") return "The test message was sent.";
  if (result.status === "failed") return `The test message could not be sent: ${result.lastError ?? "no reason given"}.`;
  return `The test message did not go yet and will be tried again: ${result.lastError ?? "waiting for its turn"}.`;
}

/** "Send test mail": a real message through the delivery worker to your own address, with the Overview PDF attached. */
export function SendTestMail({ email }: { email: string }) {
  const router = useRouter();
  const send = useMutation({
    mutationFn: () => apiPost<TestDeliveryResult>("/api/outbox/test-mail"),
    onSuccess: () => router.refresh(),
  });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? "Sending…" : "Send test mail"}
      </Button>
      <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
        {send.isPending
          ? "Rendering the Overview PDF and sending…"
          : send.data
            ? outcomeText(send.data)
            : send.error
              ? `Not sent: ${errorWords(send.error, "the server did not answer")}.`
              : `A test message to ${email}, with the Overview of the last 30 days attached.`}
      </p>
    </div>
  );
}
