/** Signing in without the browser: next-auth's CSRF + credentials flow on an API request context. */
import { request, type APIRequestContext } from "@playwright/test";

export async function apiSession(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const csrf = await context.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await context.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  if (res.status() >= 400) throw new Error(`sign-in of ${email} failed: HTTP ${res.status()}`);
  const me = await context.get("/api/me");
  if (me.status() !== 200) throw new Error(`sign-in of ${email} did not give a session (GET /api/me: ${me.status()})`);
  return context;
}

export async function anonymous(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL });
}
