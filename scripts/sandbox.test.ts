/** `npm run sandbox` as a user runs it: it prints its base URL and credentials and serves them. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url);

function run(args: string[]) {
  return spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/sandbox.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_API_KEY: "cli-test-key" },
  });
}

describe("sandbox CLI", () => {
  it("starts on the given port, prints its URL and credentials, serves both hosts' paths", async () => {
    const child = run(["--port", "0", "--seed", "3", "--invitees", "50", "--days", "10"]);
    try {
      let out = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          // The settings line is printed last.
          if (m && /budget \d+ per/.test(out)) resolve(m[1] as string);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(out).toContain("cli-test-key");
      expect(out).toContain("cli-test-key-plain");
      expect(out).toContain("cli-test-key-readonly");
      expect(out).toMatch(/seed 3, 50 invitees, 10 days/);
      const info = (await (await fetch(`${url}/api/v3/exchangeInfo?symbol=BTCUSDT`)).json()) as { symbols: unknown[] };
      expect(info.symbols).toHaveLength(1);
      const contract = await fetch(`${url}/capi/v3/order?orderId=1`);
      expect(contract.status).toBe(401); // signed endpoint, served on the same port
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });

  it("refuses a bad flag with a usage message and exit code 2", async () => {
    const child = run(["--port", "abc"]);
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const [code] = (await once(child, "exit")) as [number];
    expect(code).toBe(2);
    expect(err).toContain("--port takes a whole number");
    expect(err).toContain("Usage: npm run sandbox");
  });
});
