#!/usr/bin/env node
// Serves the production build through Next's custom-server API instead of
// `next start`, for one reason: to stamp every request with the socket's peer
// address (scripts/peer-address.mjs) before Next sees it, so rate limits count
// real addresses. Run by scripts/start.mjs (`npm start`) with NODE_ENV=production.
//
// Env: PORT (default 3000), HOSTNAME (default 0.0.0.0).

import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { stampPeerAddress } from "./peer-address.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT || "3000");
const hostname = process.env.HOSTNAME || "0.0.0.0";

// Tells lib/auth/client-ip.ts the peer header is ours (set before Next loads any app code).
process.env.REBATE_DESK_PEER_HEADER = "1";

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  stampPeerAddress(req);
  handle(req, res).catch((error) => {
    console.error("[serve] request failed:", error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
server.listen(port, hostname, () => console.log(`[serve] ready on http://${hostname}:${port}`));

// A clean stop: no new connections and the requests in flight answered (Node closes idle keep-alive sockets; at most
// 7 s), then what the app registered (lib/shutdown.ts: the sync stops and releases its lease, the database closes),
// then Next. Bounded: a stop that hangs still ends the process after 10 s, inside Docker's default stop timeout.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    const answered = new Promise((resolve) => server.close(() => resolve()));
    const registry = globalThis[Symbol.for("rebate-desk.shutdown")];
    Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 7_000).unref())])
      .then(() => registry?.run())
      .catch((error) => console.error("[serve] shutdown:", error))
      .then(() => app.close?.())
      .finally(() => process.exit(0));
  });
}
