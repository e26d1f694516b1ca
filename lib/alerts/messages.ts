/** An alert event as a mail (text and HTML) and as a webhook (JSON with a Slack-compatible `text`). */
import type { MailMessage, WebhookMessage } from "../notify/outbox";
import { figureLabel } from "./figure-labels";
import type { AlertCandidate } from "./types";

export interface EventForMessage extends AlertCandidate {
  id: string;
  ruleId: string;
  ruleName: string;
  firedAt: Date;
  connectionId: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** Absolute links when the public URL is known (NEXTAUTH_URL), else the app's paths as they are. */
function absolute(href: string, base: string | undefined): string {
  return base ? new URL(href, base).toString() : href;
}

export function alertMail(e: EventForMessage, base = process.env.NEXTAUTH_URL): MailMessage {
  const figures = Object.entries(e.figures).map(([k, v]) => [figureLabel(k), v] as const);
  const links = e.links.map((l) => ({ label: l.label, href: absolute(l.href, base) }));
  const when = e.firedAt.toISOString().slice(0, 16).replace("T", " ");
  return {
    subject: `Alert: ${e.ruleName}`.slice(0, 300),
    text: [
      `${e.ruleName} (fired ${when} UTC)`,
      "",
      e.sentence,
      "",
      ...figures.map(([k, v]) => `${k}: ${v}`),
      "",
      ...links.map((l) => `${l.label}: ${l.href}`),
      `All alerts: ${absolute("/alerts", base)}`,
    ].join("\n"),
    html: [
      `<h1 style="font-size:18px">${escapeHtml(e.ruleName)}</h1>`,
      `<p>${escapeHtml(e.sentence)}</p>`,
      `<table>${figures.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>`,
      `<p>${links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join(" · ")}</p>`,
      `<p>Fired ${escapeHtml(when)} UTC · <a href="${escapeHtml(absolute("/alerts", base))}">All alerts</a></p>`,
    ].join("\n"),
  };
}

export function alertWebhook(e: EventForMessage, base = process.env.NEXTAUTH_URL): WebhookMessage {
  const text = `*${e.ruleName}*: ${e.sentence}`;
  return {
    text,
    body: {
      type: "alert",
      eventId: e.id,
      ruleId: e.ruleId,
      rule: e.ruleName,
      connectionId: e.connectionId,
      firedAt: e.firedAt.toISOString(),
      condition: e.conditionKey,
      sentence: e.sentence,
      figures: e.figures,
      links: e.links.map((l) => ({ label: l.label, href: absolute(l.href, base) })),
      text,
    },
  };
}
