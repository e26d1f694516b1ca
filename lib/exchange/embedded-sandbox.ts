/**
 * The embedded sandbox exchange: in demo mode (no WEEX_SPOT_BASE_URL) the app
 * starts the sandbox inside its own process, on a loopback port, on first use.
 * One per process (kept on globalThis so every route bundle shares it).
 */
import "server-only";
import { startSandbox, type RunningSandbox } from "../sandbox";

const KEY = Symbol.for("rebate-desk.embedded-sandbox");
type Holder = { [KEY]?: Promise<RunningSandbox> };

export function embeddedSandbox(): Promise<RunningSandbox> {
  const holder = globalThis as Holder;
  holder[KEY] ??= startSandbox({}, { host: "127.0.0.1", port: Number(process.env.SANDBOX_PORT ?? 0) }).catch((error: unknown) => {
    delete holder[KEY]; // let the next request try again
    throw error;
  });
  return holder[KEY];
}
