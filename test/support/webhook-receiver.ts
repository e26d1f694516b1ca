/**
 * A real HTTP receiver for webhooks on a loopback port: keeps every request's
 * raw body and headers, and answers from a script (a status, or a delay longer
 * than the sender's timeout) — then 200 for everything after.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number | "hung";
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Answers for the next requests, in order: a status code, or "hang" (no answer for 5 s). */
  script: Array<number | "hang">;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver = { received: [] as ReceivedHook[], script: [] as Array<number | "hang"> };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const step = receiver.script.shift() ?? 200;
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), answered: step === "hang" ? "hung" : step });
      if (step === "hang") {
        setTimeout(() => response.writeHead(200).end("late"), 5_000).unref();
        return;
      }
      response.writeHead(step, { "Content-Type": "text/plain" }).end(step === 200 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/secret-path-abcd?token=query-secret`,
    get received() {
      return receiver.received;
    },
    get script() {
      return receiver.script;
    },
    set script(s) {
      receiver.script = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
