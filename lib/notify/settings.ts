/**
 * How mail and webhooks are sent, from the environment: SMTP_URL, MAIL_FROM and
 * the timeouts. Checked at start (lib/startup.ts), so a malformed value stops the
 * server with one clear message rather than failing on the first digest.
 *
 * Mail goes over SMTP when SMTP_URL is set; in demo mode without it, to the
 * in-app outbox; outside demo mode without it, mail deliveries fail, saying why.
 */
import "server-only";

export interface SmtpSettings {
  secure: boolean;
  host: string;
  port: number;
  user: string;
  password: string;
}

export interface DeliverySettings {
  mail: { kind: "smtp"; smtp: SmtpSettings } | { kind: "outbox" } | { kind: "none" };
  from: string;
  smtpTimeoutMs: number;
  webhookTimeoutMs: number;
  /** Tries before a delivery is `failed`. */
  maxAttempts: number;
  /** The worker's schedule (0: off; "send now" still drains). */
  intervalMs: number;
}

const DEMO_FROM = "Rebate Desk <rebate-desk@localhost>";
/** "Name <a@b>" or a bare address; no line breaks (header injection). */
const FROM_PATTERN = /^(?:[^<>\r\n]{0,100}<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function wholeNumber(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  const n = raw ? Number(raw) : fallback;
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return n;
}

/** SMTP_URL: smtp://user:password@host[:port] (STARTTLS when offered) or smtps://… (TLS from the start). */
export function parseSmtpUrl(raw: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("SMTP_URL must look like smtps://user:password@mail.example.com:465");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("SMTP_URL must start with smtp:// or smtps://");
  if (!url.hostname) throw new Error("SMTP_URL has no host");
  if (!url.username || !url.password) throw new Error("SMTP_URL must carry a user and a password (smtp://user:password@host)");
  const secure = url.protocol === "smtps:";
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  return { secure, host: url.hostname.replace(/^\[|\]$/g, ""), port, user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

/** Demo mode as lib/config/mode reads it ("WEEX_SPOT_BASE_URL not set"), over a plain record so tests can pass one. */
const isDemo = (env: Readonly<Record<string, string | undefined>>) => !env.WEEX_SPOT_BASE_URL?.trim();

export function deliverySettings(env: Readonly<Record<string, string | undefined>> = process.env): DeliverySettings {
  const smtpUrl = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  if (smtpUrl && !from) throw new Error("MAIL_FROM must be set with SMTP_URL (say `Rebate Desk <reports@example.com>`)");
  if (from && !FROM_PATTERN.test(from)) throw new Error(`MAIL_FROM must be an address or "Name <address>", got "${from}"`);
  const mail: DeliverySettings["mail"] = smtpUrl ? { kind: "smtp", smtp: parseSmtpUrl(smtpUrl) } : isDemo(env) ? { kind: "outbox" } : { kind: "none" };
  return {
    mail,
    from: from || DEMO_FROM,
    smtpTimeoutMs: wholeNumber(env, "SMTP_TIMEOUT_MS", 30_000, 100),
    webhookTimeoutMs: wholeNumber(env, "WEBHOOK_TIMEOUT_MS", 10_000, 100),
    maxAttempts: wholeNumber(env, "DELIVERY_MAX_ATTEMPTS", 6, 1),
    intervalMs: wholeNumber(env, "DELIVERY_INTERVAL_MS", 15_000, 0),
  };
}
