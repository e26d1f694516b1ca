/** What a sandbox endpoint handler receives and returns. */
import type { EndpointId, RequestParams } from "../../weex/endpoints";
import type { SandboxAccount } from "../accounts";
import type { SandboxWorld } from "../world";

export interface HandlerContext<Id extends EndpointId> {
  params: RequestParams<Id>;
  /** The authenticated account; absent on public endpoints. */
  account: SandboxAccount | undefined;
  world: SandboxWorld;
  now: number;
}

/** Returns the response body (bigint ids are written as bare JSON numbers), or throws a SandboxRefusal. */
export type Handler<Id extends EndpointId> = (ctx: HandlerContext<Id>) => unknown;

export type HandlerTable = { [Id in EndpointId]: Handler<Id> };
