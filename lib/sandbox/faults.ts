/**
 * Fault injection for tests of what clients do when things go wrong: a 5xx
 * before anything is executed, a connection dropped before or after the
 * request was executed (the "lost response" of an accepted order), a slow
 * answer. Faults are queued per endpoint and each is used once.
 */
import type { EndpointId } from "../weex/endpoints";

export type Fault =
  /** Answer this status with `{code,msg}` instead of handling the request (and a Retry-After, given one: a 429 or a 418 ban). */
  | { kind: "status"; status: number; retryAfterSeconds?: number }
  /** Close the connection without handling the request. */
  | { kind: "drop-before" }
  /** Handle the request (an order is placed), then close the connection without answering. */
  | { kind: "drop-after" }
  /** Handle the request after a delay. */
  | { kind: "delay"; ms: number };

export class FaultInjector {
  private readonly queued = new Map<EndpointId, Fault[]>();

  /** The next `times` requests to `endpoint` meet `fault`. */
  inject(endpoint: EndpointId, fault: Fault, times = 1): void {
    const list = this.queued.get(endpoint) ?? [];
    for (let i = 0; i < times; i++) list.push(fault);
    this.queued.set(endpoint, list);
  }

  take(endpoint: EndpointId): Fault | undefined {
    return this.queued.get(endpoint)?.shift();
  }

  clear(): void {
    this.queued.clear();
  }
}
