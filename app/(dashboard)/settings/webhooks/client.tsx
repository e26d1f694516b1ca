"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiDelete, apiGet, apiPost, errorWords } from "@/lib/api-client";
import { formatUtcMinute } from "@/lib/format/time";
import type { TestDeliveryResult } from "@/lib/notify/test-result";
import type { WebhookEndpointSummary } from "@/lib/notify/webhook-summary";
import { queryKeys } from "@/lib/query-keys";

const KEY = queryKeys.webhookEndpoints();
const errorText = (error: unknown) => errorWords(error, "the server did not answer");

/** A secret shown once: after creation or rotation. */
function SecretNotice({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <div role="status" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p>
        The signing secret of <strong>{label}</strong>. Copy it now: it is not shown again.
      </p>
      <code className="block break-all rounded bg-white px-2 py-1 font-mono dark:bg-slate-900">{secret}</code>
      <Button size="sm" variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

function testText(result: TestDeliveryResult): string {
  if (result.status === "sent") return "Test delivered.";
  if (result.status === "failed") return `Test failed: ${result.lastError ?? "no reason given"}.`;
  return `Test not delivered yet, will retry: ${result.lastError ?? "waiting"}.`;
}

function EndpointRow({ endpoint, isAdmin, onSecret }: { endpoint: WebhookEndpointSummary; isAdmin: boolean; onSecret: (label: string, secret: string) => void }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const test = useMutation({ mutationFn: () => apiPost<TestDeliveryResult>(`/api/webhooks/${encodeURIComponent(endpoint.id)}/test`) });
  const rotate = useMutation({
    mutationFn: () => apiPost<{ secret: string }>(`/api/webhooks/${encodeURIComponent(endpoint.id)}/rotate`),
    onSuccess: (answer) => onSecret(endpoint.label, answer.secret),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: () => apiDelete(`/api/webhooks/${encodeURIComponent(endpoint.id)}`), onSettled: refresh });
  const name = `"${endpoint.label}"`;
  const status = test.data ? testText(test.data) : test.error ? `Test not sent: ${errorText(test.error)}.` : rotate.error ? `Not rotated: ${errorText(rotate.error)}.` : "";
  return (
    <Tr>
      <Td>{endpoint.label}</Td>
      <Td className="break-all font-mono text-xs">{endpoint.urlHint}</Td>
      {isAdmin ? <Td className="break-all">{endpoint.ownerEmail}</Td> : null}
      <Td className="whitespace-nowrap">{formatUtcMinute(endpoint.secretRotatedAt)}</Td>
      <Td>
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" aria-label={`Send a test to ${name}`} disabled={test.isPending} onClick={() => test.mutate()}>
            {test.isPending ? "Sending…" : "Send test"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Rotate the secret of ${name}`}
            disabled={rotate.isPending}
            onClick={() => {
              if (window.confirm(`Give ${name} a new secret? The old one stops working at once.`)) rotate.mutate();
            }}
          >
            Rotate secret
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${name}`}
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete ${name}? Digests and alerts sent to it will fail.`)) remove.mutate();
            }}
          >
            Delete
          </Button>
        </div>
        <p role="status" className="mt-1 text-xs text-slate-700 dark:text-slate-300">
          {status}
        </p>
      </Td>
    </Tr>
  );
}

function AddEndpoint({ onSecret }: { onSecret: (label: string, secret: string) => void }) {
  const client = useQueryClient();
  const [label, setLabel] = useState("");
  const [url, setUrl] = useState("");
  const create = useMutation({
    mutationFn: () => apiPost<{ endpoint: WebhookEndpointSummary; secret: string }>("/api/webhooks", { label, url }),
    onSuccess: (answer) => {
      onSecret(answer.endpoint.label, answer.secret);
      setLabel("");
      setUrl("");
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 p-4" aria-label="Add a webhook endpoint">
      <Field label="Name" htmlFor="webhook-label">
        <input id="webhook-label" className={inputClass} value={label} onChange={(e) => setLabel(e.target.value)} required maxLength={80} />
      </Field>
      <Field label="URL (https://)" htmlFor="webhook-url">
        <input id="webhook-url" type="url" className={`${inputClass} w-full min-w-0 sm:w-96`} value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://hooks.example.com/…" />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        Add endpoint
      </Button>
      <p role="status" className="basis-full text-sm text-red-700 dark:text-red-300">
        {create.error ? `Not added: ${errorText(create.error)}` : ""}
      </p>
    </form>
  );
}

export function WebhookEndpoints({ isAdmin }: { isAdmin: boolean }) {
  const list = useQuery({ queryKey: KEY, queryFn: () => apiGet<{ endpoints: WebhookEndpointSummary[] }>("/api/webhooks") });
  const [secret, setSecret] = useState<{ label: string; secret: string } | null>(null);
  const onSecret = (label: string, value: string) => setSecret({ label, secret: value });
  return (
    <div className="space-y-4">
      {secret ? <SecretNotice label={secret.label} secret={secret.secret} onDone={() => setSecret(null)} /> : null}
      <Panel title="Add an endpoint" meta="Plain http:// is accepted only to this machine, in demo mode.">
        <AddEndpoint onSecret={onSecret} />
      </Panel>
      {list.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : list.error ? (
        <ErrorPanel error={list.error} title="The endpoints could not be loaded" onRetry={() => void list.refetch()} />
      ) : list.data.endpoints.length === 0 ? (
        <EmptyState title="No webhook endpoints yet" description="Add one above; digests and alerts can then be sent to it." />
      ) : (
        <TableFrame label="Webhook endpoints">
          <Table caption={isAdmin ? "Every user's endpoints" : "Your endpoints"}>
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>URL</Th>
                {isAdmin ? <Th>Owner</Th> : null}
                <Th>Secret since (UTC)</Th>
                <Th>Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {list.data.endpoints.map((endpoint) => (
                <EndpointRow key={endpoint.id} endpoint={endpoint} isAdmin={isAdmin} onSecret={onSecret} />
              ))}
            </TBody>
          </Table>
        </TableFrame>
      )}
    </div>
  );
}
