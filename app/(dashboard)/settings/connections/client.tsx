"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button, buttonClassName } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { QueryTable } from "@/components/ui/query-table";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ApiClientError, apiGet, apiPost } from "@/lib/api-client";
import type { ConnectionTestResult } from "@/lib/exchange/test-connection";
import type { ConnectionInfo, ConnectionsAnswer } from "@/lib/exchange/types";
import { queryKeys } from "@/lib/query-keys";
import { PriceBasisSelect } from "./price-basis-select";

async function apiDeleteConnection(id: string): Promise<void> {
  const res = await fetch(`/api/connections/${encodeURIComponent(id)}`, { method: "DELETE", credentials: "same-origin" });
  if (res.ok) return;
  const body = (await res.json().catch(() => ({}))) as { code?: string | number; msg?: string };
  throw new ApiClientError(res.status, body.code ?? res.status, body.msg ?? "the connection could not be removed");
}

const SOURCE_LABEL: Record<ConnectionInfo["source"], string> = { sandbox: "Embedded sandbox", env: "Environment", db: "Added here" };

function TestOutcome({ result }: { result: ConnectionTestResult }) {
  if (!result.ok) {
    return (
      <p className="text-sm text-red-700 dark:text-red-300">
        Failed: {result.error?.msg} (code {result.error?.code})
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">Account</dt>
      <dd>
        {result.account?.accountType} · uid {result.account?.uid} · {result.latencyMs} ms
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">Permissions</dt>
      <dd>{result.account?.permissions.join(", ") || "none"} {result.account?.canTrade ? "· can trade" : "· cannot trade"}</dd>
      <dt className="text-slate-500 dark:text-slate-400">Affiliate reports</dt>
      <dd>{result.affiliate.ok ? "answer" : `refused (${result.affiliate.code ?? "?"}: ${result.affiliate.msg ?? "no answer"})`}</dd>
    </dl>
  );
}

function AddConnectionForm({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (input: Record<string, string>) => apiPost<ConnectionInfo>("/api/connections", input),
    onSuccess: () => {
      setError(null);
      onAdded();
    },
    onError: (e) => setError(e instanceof ApiClientError ? e.msg : "the connection could not be added"),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    add.mutate(data, { onSuccess: () => form.reset() });
  };
  const field = (name: string, label: string, type = "text", placeholder?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input id={`${id}-${name}`} name={name} type={type} required autoComplete="off" placeholder={placeholder} className={fieldClass} />
    </div>
  );
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      {field("name", "Name", "text", "Main affiliate account")}
      <div className="hidden sm:block" />
      {field("spotBaseUrl", "Spot & affiliate base URL", "url", "https://api-spot.weex.com")}
      {field("contractBaseUrl", "Contract base URL", "url", "https://api-contract.weex.com")}
      {field("apiKey", "API key")}
      {field("secret", "API secret", "password")}
      {field("passphrase", "Passphrase", "password")}
      <div className="flex items-center gap-4 sm:col-span-2">
        <button type="submit" disabled={add.isPending} className={buttonClassName({ variant: "primary" })}>
          {add.isPending ? "Adding…" : "Add connection"}
        </button>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function ConnectionsManager() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.connections.list(), queryFn: () => apiGet<ConnectionsAnswer>("/api/connections") });
  const [results, setResults] = useState<Record<string, ConnectionTestResult>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.connections.all() });
  const test = useMutation({
    mutationFn: (connectionId: string) => apiPost<ConnectionTestResult>(`/api/connections/${encodeURIComponent(connectionId)}/test`),
    onSuccess: (result, connectionId) => setResults((r) => ({ ...r, [connectionId]: result })),
  });
  const remove = useMutation({ mutationFn: apiDeleteConnection, onSuccess: refresh });

  return (
    <div className="space-y-8">
      <section aria-labelledby="connections-list-heading" className="space-y-3">
        <h2 id="connections-list-heading" className="text-lg font-semibold">
          Connections
        </h2>
        {/* The header's connection switcher reads the same list and may have it before this table hydrates. */}
        <QueryTable query={list} skeletonUntilHydrated errorClassName="" loading={{ rows: 2, columns: 6, label: "Loading connections" }}>
          {(data) => (
            <TableFrame label="Exchange connections">
              <Table>
                <THead>
                  <Tr>
                    <Th>Name</Th>
                    <Th>Source</Th>
                    <Th>Key</Th>
                    <Th>Base URLs</Th>
                    <Th>Price basis (USDT values)</Th>
                    <Th align="right">Actions</Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.connections.map((c) => (
                    <Tr key={c.id}>
                      <Td className="align-top font-medium">
                        {c.name}
                        {data.selectedId === c.id ? <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">(in use)</span> : null}
                        {results[c.id] ? (
                          <div className="mt-2 font-normal">
                            <TestOutcome result={results[c.id] as ConnectionTestResult} />
                          </div>
                        ) : null}
                      </Td>
                      <Td className="align-top">{SOURCE_LABEL[c.source]}</Td>
                      <Td className="align-top font-mono">{c.keyHint}</Td>
                      <Td className="align-top text-xs break-all">
                        {c.spotBaseUrl}
                        {c.contractBaseUrl !== c.spotBaseUrl ? <div>{c.contractBaseUrl}</div> : null}
                      </Td>
                      <Td className="align-top">
                        <PriceBasisSelect connectionId={c.id} name={c.name} />
                      </Td>
                      <Td align="right" className="align-top">
                        <div className="flex justify-end gap-2">
                          <Button size="sm" onClick={() => test.mutate(c.id)} disabled={test.isPending && test.variables === c.id}>
                            {test.isPending && test.variables === c.id ? "Testing…" : "Test"}
                          </Button>
                          {c.readOnly ? null : (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => {
                                if (window.confirm(`Remove the connection "${c.name}"?`)) remove.mutate(c.id);
                              }}
                            >
                              Remove
                            </Button>
                          )}
                        </div>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </TableFrame>
          )}
        </QueryTable>
        {remove.isError ? <ErrorPanel error={remove.error} title="Could not remove the connection" /> : null}
      </section>

      <section aria-labelledby="connections-add-heading" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="connections-add-heading" className="mb-4 text-lg font-semibold">
          Add a connection
        </h2>
        <AddConnectionForm onAdded={() => void refresh()} />
      </section>
    </div>
  );
}
