/**
 * A sign-in through next-auth's CSRF + credentials flow over plain node:http,
 * from a chosen local address: loopback answers for all of 127.0.0.0/8, so a
 * test can be "another client" (127.0.0.2) whose rate limits never touch the
 * other tests' 127.0.0.1, and can send any headers it likes.
 */
import http from "node:http";

interface Answer {
  status: number;
  cookies: string[];
  body: string;
}

function send(url: URL, init: { method?: string; headers?: Record<string, string>; body?: string; localAddress: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers, localAddress: init.localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, cookies: res.headers["set-cookie"] ?? [], body }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** "ok", or next-auth's error code for the attempt ("CredentialsSignin", "RateLimited", ...). */
export async function signInOutcome(
  baseURL: string,
  attempt: { email: string; password: string; localAddress: string; headers?: Record<string, string> },
): Promise<string> {
  const csrf = await send(new URL("/api/auth/csrf", baseURL), { localAddress: attempt.localAddress });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const cookie = csrf.cookies.map((line) => line.split(";")[0]).join("; ");
  const form = new URLSearchParams({ csrfToken, email: attempt.email, password: attempt.password, json: "true" });
  const answer = await send(new URL("/api/auth/callback/credentials", baseURL), {
    method: "POST",
    headers: { ...attempt.headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    localAddress: attempt.localAddress,
  });
  const { url } = JSON.parse(answer.body) as { url: string };
  return new URL(url, baseURL).searchParams.get("error") ?? "ok";
}
