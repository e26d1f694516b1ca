import { describe, expect, it } from "vitest";
import { scrubError } from "./scrub";
import { deliverySettings, parseSmtpUrl } from "./settings";

describe("SMTP_URL and MAIL_FROM", () => {
  it("reads smtp:// and smtps:// with user and password, default ports", () => {
    expect(parseSmtpUrl("smtps://me%40x.com:p%40ss@mail.example.com")).toEqual({ secure: true, host: "mail.example.com", port: 465, user: "me@x.com", password: "p@ss" });
    expect(parseSmtpUrl("smtp://u:p@127.0.0.1:2525")).toMatchObject({ secure: false, port: 2525 });
  });

  it("refuses what cannot work, saying why", () => {
    expect(() => parseSmtpUrl("http://u:p@mail.example.com")).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl("smtp://mail.example.com")).toThrow(/user and a password/);
    expect(() => deliverySettings({ SMTP_URL: "smtp://u:p@mail.example.com" })).toThrow(/MAIL_FROM must be set/);
    expect(() => deliverySettings({ SMTP_URL: "smtp://u:p@h", MAIL_FROM: "x\r\nBcc: a@b" })).toThrow(/MAIL_FROM/);
    expect(() => deliverySettings({ WEBHOOK_TIMEOUT_MS: "soon" })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });

  it("chooses SMTP, the outbox (demo without SMTP_URL) or nothing", () => {
    expect(deliverySettings({ SMTP_URL: "smtp://u:p@h", MAIL_FROM: "Desk <d@example.com>" }).mail.kind).toBe("smtp");
    expect(deliverySettings({}).mail.kind).toBe("outbox");
    expect(deliverySettings({ WEEX_SPOT_BASE_URL: "https://api.example.com" }).mail.kind).toBe("none");
  });
});

describe("scrubError", () => {
  it("keeps scheme and host of URLs, drops user info, paths and queries, and blanks named secrets", () => {
    const text = "POST https://hooks.slack.com/services/T0/B0/XYZ?token=abc failed; smtp://user:hunter22@mail.example.com:587 said whsec_abcdef";
    const scrubbed = scrubError(text, ["whsec_abcdef"]);
    expect(scrubbed).toBe("POST https://hooks.slack.com/… failed; smtp://mail.example.com:587 said [secret]");
  });
});
