/**
 * A pass-through HTTP proxy in front of the sandbox exchange that writes down
 * when each request arrived and its IP weight (from the endpoints table), so
 * a test sees what every app instance together sent the exchange, whatever
 * each one believes it sent. Given `rewrite`, it is a hostile exchange: it may
 * change any JSON answer before passing it on (a NaN amount, a lying `pages`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { matchEndpoint } from "../../lib/weex/endpoints";
import { parseJson, stringifyJson } from "../../lib/weex/json";

/** What the proxy saw of a request, for a rewrite to pick its victims by. */
export interface SeenRequest {
  path: string;
  /** Query parameters, or the JSON body's fields of a POST. */
  params: Record<string, unknown>;
}

/** The answer to pass on instead (the sandbox's own, parsed losslessly), or undefined to pass it unchanged; it may hold the answer (a promise). */
export type Rewrite = (request: SeenRequest, answer: unknown) => unknown;

export interface SentRequest {
  at: number;
  path: string;
  weight: number;
}

export interface WeightLogProxy {
  url: string;
  sent: SentRequest[];
  /** The most IP weight that arrived within any `windowMs` (sliding). */
  peakWeight(windowMs: number, from?: number): number;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startWeightLogProxy(target: string, options: { rewrite?: Rewrite } = {}): Promise<WeightLogProxy> {
  const sent: SentRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const at = Date.now();
    const url = new URL(req.url ?? "/", target);
    const { endpoint } = matchEndpoint(req.method ?? "GET", url.pathname);
    sent.push({ at, path: url.pathname, weight: endpoint?.weight.ip ?? 0 });
    void (async () => {
      try {
        const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "host"));
        const payload = req.method === "GET" || req.method === "HEAD" ? undefined : await body(req);
        const upstream = await fetch(url, { method: req.method, headers, body: payload ? new Uint8Array(payload) : undefined });
        let out = Buffer.from(await upstream.arrayBuffer());
        if (options.rewrite && upstream.ok) {
          const params = payload && payload.length > 0 ? (parseJson(payload.toString("utf8")) as Record<string, unknown>) : Object.fromEntries(url.searchParams);
          const changed: unknown = await options.rewrite({ path: url.pathname, params }, parseJson(out.toString("utf8")));
          if (changed !== undefined) out = Buffer.from(stringifyJson(changed));
        }
        const passed: Record<string, string> = {};
        upstream.headers.forEach((v, k) => {
          if (k !== "content-encoding" && k !== "content-length" && k !== "transfer-encoding" && k !== "connection") passed[k] = v;
        });
        res.writeHead(upstream.status, passed);
        res.end(out);
      } catch (error) {
        res.writeHead(502, { "Content-Type": "text/plain" });
        res.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    peakWeight(windowMs, from = 0) {
      const list = sent.filter((s) => s.at >= from).sort((a, b) => a.at - b.at);
      let peak = 0;
      let sum = 0;
      let start = 0;
      for (const s of list) {
        sum += s.weight;
        while (list[start] && list[start]!.at <= s.at - windowMs) sum -= list[start++]!.weight;
        peak = Math.max(peak, sum);
      }
      return peak;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
