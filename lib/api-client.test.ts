import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClientError, apiPost, errorWords } from "./api-client";

describe("what a form says when the server refuses it", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    // A real server answering as lib/api/route.ts does for a body that fails its schema.
    server = createServer((_req, res) => {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          code: "BAD_REQUEST",
          msg: "invalid request body",
          issues: [
            { path: "recipients.0", message: "a valid e-mail address" },
            { path: "timeZone", message: "an IANA time zone such as Europe/Berlin" },
            { path: 7, message: "not an issue: its path is no text" },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("names each refused field and the server's reason, without code or status", async () => {
    const refusal = await apiPost(`${base}/api/digests`, {}).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiClientError);
    expect(errorWords(refusal, "fallback")).toBe("Recipients, 1st: a valid e-mail address; Time zone: an IANA time zone such as Europe/Berlin");
    // The message for logs keeps the code and status.
    expect((refusal as ApiClientError).message).toBe("invalid request body (code BAD_REQUEST, HTTP 400)");
  });

  it("says the server's message when it names no field, and the form's own sentence for anything else", () => {
    expect(errorWords(new ApiClientError(409, "EMBEDDED", "a link shown on other sites cannot have a password"), "x")).toBe(
      "a link shown on other sites cannot have a password",
    );
    expect(errorWords(new Error("boom"), "The link could not be created.")).toBe("The link could not be created.");
    const positions = [0, 1, 2, 3, 10, 11, 12, 20, 21, 101, 111].map((i) => new ApiClientError(400, "BAD_REQUEST", "x", [{ path: `recipients.${i}`, message: "m" }]).words);
    expect(positions).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "102nd", "112th"].map((o) => `Recipients, ${o}: m`));
  });
});
