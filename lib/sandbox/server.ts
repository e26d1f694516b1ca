/**
 * The sandbox exchange: a real HTTP server serving /api/v3 and /capi/v3 on one
 * port, every endpoint from the endpoints table — matched, weighed,
 * authenticated and validated exactly as the client expects.
 */
import "server-only";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { matchEndpoint, type EndpointDef, type EndpointId } from "../weex/endpoints";
import { stringifyJson } from "../weex/json";
import { validateParams } from "../weex/validation";
import { paramsFromWire } from "../weex/wire-params";
import type { SandboxAccount } from "./accounts";
import { authenticate } from "./auth";
import { sandboxOptions, type SandboxOptions } from "./config";
import { FaultInjector } from "./faults";
import { HANDLERS } from "./handlers";
import type { Handler } from "./handlers/types";
import { RateLimiter } from "./rate-limiter";
import { SandboxRefusal } from "./refusal";
import { SandboxWorld } from "./world";

const MAX_BODY_BYTES = 1 << 20;

/** Response headers that tell the weight used in the current window (sandbox-specific names). */
export const WEIGHT_HEADERS = { ip: "x-sandbox-used-weight-ip", uid: "x-sandbox-used-weight-uid", limit: "x-sandbox-weight-limit" } as const;

export interface RunningSandbox {
  /** Base URL serving both /api/v3 and /capi/v3, e.g. http://127.0.0.1:43123 */
  url: string;
  world: SandboxWorld;
  limiter: RateLimiter;
  faults: FaultInjector;
  /** Requests received per endpoint id (whatever their outcome). */
  requestCounts: Map<string, number>;
  options: SandboxOptions;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new SandboxRefusal("PARAMETER_INVALID", 413, "request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export class SandboxExchange {
  readonly world: SandboxWorld;
  readonly limiter: RateLimiter;
  readonly faults = new FaultInjector();
  readonly requestCounts = new Map<string, number>();

  constructor(readonly options: SandboxOptions) {
    this.world = new SandboxWorld(options);
    this.limiter = new RateLimiter({
      limit: options.budget,
      windowMs: options.windowMs,
      banAfterIgnored429s: options.banAfterIgnored429s,
      banMs: options.banMs,
    });
  }

  /** Serves one request; never throws. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const now = this.options.now();
    const ipKey = `ip:${req.socket.remoteAddress ?? "unknown"}`;
    let account: SandboxAccount | undefined;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    let status = 200;
    let payload: unknown;
    try {
      const body = await readBody(req);
      const rawUrl = req.url ?? "/";
      const q = rawUrl.indexOf("?");
      const path = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
      const query = q >= 0 ? rawUrl.slice(q + 1) : "";
      const method = (req.method ?? "GET").toUpperCase();

      const { endpoint, pathKnown } = matchEndpoint(method, path);
      if (!endpoint) {
        if (pathKnown) throw new SandboxRefusal("METHOD_NOT_SUPPORTED", 405, `Request method '${method}' not supported`);
        throw new SandboxRefusal("UNKNOWN", 404, `no endpoint ${method} ${path}`);
      }
      if (endpoint.id === "klines" && !this.options.klinesEnabled) {
        // A deployment without the addendum's K-lines: the path is unknown there (no weight, no validation).
        throw new SandboxRefusal("UNKNOWN", 404, `no endpoint ${method} ${path}`);
      }
      this.requestCounts.set(endpoint.id, (this.requestCounts.get(endpoint.id) ?? 0) + 1);
      if (endpoint.id === "spotBatchOrders" && !this.options.batchEnabled) {
        // As the real exchange answers today: "currently unavailable".
        throw new SandboxRefusal("METHOD_NOT_SUPPORTED", 405, "Request method 'POST' not supported");
      }
      this.limiter.charge(ipKey, endpoint.weight.ip, now);
      if (endpoint.signed) {
        account = authenticate({ method, path, query, body, headers: req.headers }, this.world.accounts, now, this.options.timestampToleranceMs);
        this.authorize(endpoint, account);
        this.limiter.charge(`uid:${account.uid}`, endpoint.weight.uid, now);
      }
      const wire = paramsFromWire(endpoint, query, body);
      if (!wire.ok) throw new SandboxRefusal(wire.code, 400, wire.msg);
      const checked = validateParams(endpoint, wire.params);
      if (!checked.ok) throw new SandboxRefusal(checked.codeName, 400, checked.msg);
      const handler = HANDLERS[endpoint.id as EndpointId] as Handler<EndpointId>;
      const fault = this.faults.take(endpoint.id as EndpointId);
      if (fault?.kind === "status") {
        const wait: Record<string, string> = fault.retryAfterSeconds === undefined ? {} : { "Retry-After": String(fault.retryAfterSeconds) };
        throw new SandboxRefusal("SYSTEM_BUSY", fault.status, "injected fault: system error, retry later", wait);
      }
      if (fault?.kind === "drop-before") return void res.socket?.destroy();
      if (fault?.kind === "delay") await new Promise((r) => setTimeout(r, fault.ms));
      payload = handler({ params: checked.value as never, account, world: this.world, now });
      if (fault?.kind === "drop-after") return void res.socket?.destroy();
    } catch (error) {
      if (error instanceof SandboxRefusal) {
        status = error.status;
        payload = error.body;
        Object.assign(headers, error.headers);
      } else {
        status = 500;
        payload = { code: -1000, msg: "unknown error" };
        console.error("[sandbox] handler failed:", error);
      }
    }
    headers[WEIGHT_HEADERS.ip] = String(this.limiter.used(ipKey, now));
    if (account) headers[WEIGHT_HEADERS.uid] = String(this.limiter.used(`uid:${account.uid}`, now));
    headers[WEIGHT_HEADERS.limit] = String(this.options.budget);
    const text = stringifyJson(payload);
    if (!res.headersSent) {
      res.writeHead(status, { ...headers, "Content-Length": Buffer.byteLength(text) });
      res.end(text);
    }
  }

  /** Key permissions by endpoint category. */
  private authorize(endpoint: EndpointDef, account: SandboxAccount): void {
    if (endpoint.category === "TRADE" && !account.canTrade) throw new SandboxRefusal("INSUFFICIENT_PERMISSIONS", 403);
    if (endpoint.category === "AFFILIATE" && !account.isAffiliate) throw new SandboxRefusal("NO_API_PERMISSION", 403);
  }
}

/** Starts a sandbox on `port` (0 = an ephemeral port) and `host` (default 127.0.0.1). */
export async function startSandbox(
  overrides: Partial<SandboxOptions> = {},
  listen: { port?: number; host?: string } = {},
): Promise<RunningSandbox> {
  const options = sandboxOptions(overrides);
  const exchange = new SandboxExchange(options);
  const server: Server = createServer((req, res) => void exchange.handle(req, res));
  server.keepAliveTimeout = 65_000;
  const host = listen.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  return {
    url: `http://${urlHost}:${port}`,
    world: exchange.world,
    limiter: exchange.limiter,
    faults: exchange.faults,
    requestCounts: exchange.requestCounts,
    options,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
