/**
 * Digests and alerts really delivered, end to end on the demo app (embedded
 * sandbox synced into the embedded database): SMTP_URL points at a real SMTP
 * server in this process and webhooks at a real local HTTP receiver. A digest
 * made and sent through the API is sent by the app's delivery worker; the mail,
 * read back with mailparser, says the report answer's figures, carries the
 * run's PDF (pdfjs reads the report's title and period) and an unsubscribe link
 * (text and HTML) whose page asks first and whose POST removes that recipient
 * only, while a forged link is refused. An alert rule made through the API and
 * evaluated by "Evaluate now" mails its sentence and figures; both reach the
 * webhook receiver with a valid X-Signature.
 *
 * The PDF is printed by the server's Chromium from the share link's page,
 * served here by a small page server standing in for the app's /r/<token>
 * (APP_INTERNAL_URL, as in notify-mail.test.ts); it resolves the token through
 * the real share store. e2e/delivery.spec.ts reads the real page's PDF.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as evaluateRoute from "@/app/api/alerts/evaluate/route";
import * as rulesRoute from "@/app/api/alerts/rules/route";
import * as digestItem from "@/app/api/digests/[id]/route";
import * as digestSend from "@/app/api/digests/[id]/send/route";
import * as digestList from "@/app/api/digests/route";
import * as webhookList from "@/app/api/webhooks/route";
import { unsubscribeAction } from "@/app/unsubscribe/[token]/actions";
import UnsubscribePage from "@/app/unsubscribe/[token]/page";
import type { AlertRuleView } from "@/lib/alerts/views";
import { getDb, queryRows } from "@/lib/db/client";
import type { DigestRunView, DigestView } from "@/lib/digests/view-types";
import { formatCoinAmount, formatCount } from "@/lib/format/amount";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { sendDueNow } from "@/lib/notify/scheduler";
import { verifySignature } from "@/lib/notify/signature";
import { OVERVIEW_FIGURES, type OverviewAnswer } from "@/lib/reports/overview/contract";
import { parseReportFilters } from "@/lib/reports/filters";
import { reportTitle } from "@/lib/reports/contracts";
import { answerReport } from "@/lib/reports/run";
import { scopeParams } from "@/lib/share/scope";
import { resolveShareToken } from "@/lib/share/store";
import { runSync } from "@/lib/sync/scheduler";
import { readPdf } from "../../e2e/support/pdf";
import { demoAppSuite } from "../support/demo-app";
import { startMailServer, type ReceivedMail, type TestMailServer } from "../support/mail-server";
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from "../support/webhook-receiver";

process.env.SANDBOX_INVITEES = "150";
process.env.SANDBOX_DAYS = "30";
process.env.SANDBOX_BUDGET = "100000";
process.env.WEEX_WEIGHT_LIMIT = "100000";
process.env.SYNC_HISTORY_DAYS = "30";
const app = demoAppSuite("delivery-e2e", "analyst");

let smtp: TestMailServer;
let receiver: WebhookReceiver;
let pages: Server;
const printed: string[] = [];

beforeAll(async () => {
  smtp = await startMailServer({ user: "desk", password: "smtp-pa55-word" });
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Rebate Desk <reports@rebatedesk.example>";
  process.env.NEXTAUTH_URL = "https://desk.example";
  receiver = await startWebhookReceiver();
  // Stands in for the app's /r/<token> page: the link's report title and period, from the real share store.
  pages = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const token = url.pathname.startsWith("/r/") ? url.pathname.slice(3) : "";
    void (async () => {
      const open = token ? await resolveShareToken(await getDb(), token) : null;
      if (!open) return response.writeHead(404).end("no such link");
      printed.push(token);
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html><body><h1>${reportTitle(open.report)}</h1><p>Period ${open.scope.from} to ${open.scope.to}</p></body></html>`);
    })();
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  process.env.APP_INTERNAL_URL = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await receiver.close();
  await new Promise((resolve) => pages.close(resolve));
});

const call = (method: string, path: string, body?: unknown) =>
  new Request(`http://localhost${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }) });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const REPORT = "overview";

async function created<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as T;
}

/** The body of every received webhook whose signature verifies with `secret`; throws on one that does not. */
function signedBodies(hooks: readonly ReceivedHook[], secret: string): Array<Record<string, unknown>> {
  return hooks.map((hook) => {
    expect(verifySignature(secret, hook.body, hook.headers["x-signature"] as string | undefined), hook.body.slice(0, 120)).toBe(true);
    expect(verifySignature(`${secret}x`, hook.body, hook.headers["x-signature"] as string | undefined)).toBe(false);
    return JSON.parse(hook.body) as Record<string, unknown>;
  });
}

async function renderUnsubscribe(token: string): Promise<string> {
  const element = await UnsubscribePage({ params: Promise.resolve({ token }), searchParams: Promise.resolve({}) });
  return renderToStaticMarkup(createElement(() => element));
}

/** The unsubscribe action answers with a redirect (thrown, as Next's redirect() does). */
async function postUnsubscribe(token: string): Promise<void> {
  await expect(unsubscribeAction(token)).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
}

/** Deliveries not sent, with their last error: said when a drain did not send everything. */
const unsent = async () => queryRows(await getDb(), sql`select channel, status, attempts, last_error from deliveries where status <> 'sent'`);

const unsubscribeToken = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/unsubscribe\//, ""));

describe("digests and alerts delivered by mail and webhook", () => {
  let endpointId = "";
  let secret = "";
  const PEOPLE = ["partner@example.com", "second@example.com"];

  it("syncs the sandbox, and makes a webhook endpoint at the real receiver", async () => {
    const result = await runSync("sandbox");
    expect(result.rowsAdded).toBeGreaterThan(0);
    const made = await created<{ endpoint: { id: string }; secret: string }>(await webhookList.POST(call("POST", "/api/webhooks", { label: "Receiver", url: receiver.url })));
    endpointId = made.endpoint.id;
    secret = made.secret;
  }, 180_000);

  it("sends a digest: the mail's figures are the report answer's, its PDF names the report, the webhook is signed", async () => {
    const { digest } = await created<{ digest: DigestView }>(
      await digestList.POST(
        call("POST", "/api/digests", {
          report: REPORT,
          query: "range=30d",
          label: "Weekly overview",
          schedule: { kind: "weekly", weekday: 1, time: "08:00", timeZone: "Europe/Berlin" },
          mailTo: PEOPLE,
          webhookEndpointIds: [endpointId],
        }),
      ),
    );
    const { run } = await created<{ run: DigestRunView }>(await digestSend.POST(call("POST", `/api/digests/${digest.id}/send`, {}), ctx(digest.id)));
    expect(run.deliveries).toHaveLength(3);

    const drained = await sendDueNow();
    expect(drained, JSON.stringify(await unsent())).toMatchObject({ sent: 3, retried: 0, failed: 0 });

    // The report answer for the run's period, asked of the report pipeline as the page asks it.
    const query = scopeParams({ from: run.period.from, to: run.period.to, interval: "day", tz: "UTC" });
    const answer = (await answerReport(await getDb(), "sandbox", REPORT, parseReportFilters(query), query)) as OverviewAnswer;
    expect(answer.coverage.state).toBe("complete");
    expect(Number(answer.current.commission)).toBeGreaterThan(0);

    expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual([...PEOPLE].sort());
    for (const mail of smtp.received) {
      expect(mail.parsed.subject).toBe(`Weekly overview — Overview, ${run.period.from} → ${run.period.to}`);
      expect(mail.parsed.from?.value[0]).toMatchObject({ name: "Rebate Desk", address: "reports@rebatedesk.example" });
      const text = mail.parsed.text ?? "";
      const html = typeof mail.parsed.html === "string" ? mail.parsed.html : "";
      for (const f of OVERVIEW_FIGURES) {
        const value = answer.current[f.key];
        const shown = f.unit ? `${formatCoinAmount(value, f.unit)} ${f.unit}` : f.key === "effectiveRate" ? formatFractionAsPercent(value, { dp: 2 }) : formatCount(value);
        // An estimate says so in the digest's label (the USDT total of every coin, at each day's close).
        const label = f.estimate ? `${f.label} (≈, each day's close)` : f.label;
        expect(text).toContain(`${label}: ${shown} (`);
        expect(html).toContain(`>${shown.replace(/&/g, "&amp;")}</td>`);
      }
      expect(mail.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`overview_${run.period.from}_${run.period.to}.pdf`, "application/pdf"]]);
      const pdf = await readPdf(new Uint8Array(mail.parsed.attachments[0]!.content));
      expect(pdf.text).toContain("Overview");
      expect(pdf.text).toContain(`Period ${run.period.from} to ${run.period.to}`);
    }
    expect(printed.length).toBe(2); // one render per mail, at send time

    // The webhook: signed with the endpoint's secret, the figures the answer's exact decimal strings.
    const [hook, ...more] = signedBodies(receiver.received, secret);
    expect(more).toEqual([]);
    expect(hook).toMatchObject({ kind: "digest", digestId: digest.id, report: REPORT, period: run.period });
    const figures = hook!.figures as Array<{ key: string; value: string | null }>;
    for (const f of OVERVIEW_FIGURES) expect(figures.find((x) => x.key === f.key)?.value).toBe(answer.current[f.key]);
  }, 180_000);

  it("the mail's unsubscribe link (text and HTML) asks on GET and removes only that recipient on POST; a forged one is refused", async () => {
    const mailTo = (address: string): ReceivedMail => smtp.received.find((m) => m.envelopeTo[0] === address)!;
    const links = (mail: ReceivedMail) => {
      const inText = /Stop receiving this digest: (\S+)/.exec(mail.parsed.text ?? "")?.[1] ?? "";
      const inHtml = /<a href="([^"]+)"[^>]*>Stop receiving this digest<\/a>/.exec(typeof mail.parsed.html === "string" ? mail.parsed.html : "")?.[1]?.replace(/&amp;/g, "&") ?? "";
      return { inText, inHtml };
    };
    const first = links(mailTo(PEOPLE[0]!));
    expect(first.inText).toMatch(/^https:\/\/desk\.example\/unsubscribe\//);
    expect(first.inHtml).toBe(first.inText);
    const token = unsubscribeToken(first.inText);
    const otherToken = unsubscribeToken(links(mailTo(PEOPLE[1]!)).inText);
    expect(otherToken).not.toBe(token);

    const listDigests = async () => ((await (await digestList.GET(call("GET", "/api/digests"))).json()) as { digests: DigestView[] }).digests;
    const [digest] = await listDigests();

    // GET: the confirm page, which changes nothing.
    const confirm = await renderUnsubscribe(token);
    expect(confirm).toContain("Stop receiving this digest?");
    expect(confirm).toContain(PEOPLE[0]);
    expect(confirm).toContain("Weekly overview");
    expect((await listDigests())[0]?.mailTo).toEqual(PEOPLE);

    // A forged link: refused on GET and on POST, nothing changes.
    const forged = `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`;
    expect(await renderUnsubscribe(forged)).toContain("This link does not work");
    await postUnsubscribe(forged);
    expect((await listDigests())[0]?.mailTo).toEqual(PEOPLE);

    // POST: that recipient is removed, the other keeps receiving it; the page then says so.
    await postUnsubscribe(token);
    const after = await digestItem.GET(call("GET", `/api/digests/${digest!.id}`), ctx(digest!.id));
    expect(((await after.json()) as { digest: DigestView }).digest).toMatchObject({ mailTo: [PEOPLE[1]], paused: false });
    expect(await renderUnsubscribe(token)).toContain("Already unsubscribed");
    expect(await renderUnsubscribe(otherToken)).toContain("Stop receiving this digest?");
  }, 60_000);

  it("a fired alert rule mails its sentence and figures and posts a signed webhook", async () => {
    const db = await getDb();
    // A threshold under the largest single deposit since yesterday (what a new rule looks at), so at least one fires.
    const flows = await queryRows<{ amount: string }>(
      db,
      sql`select deposit_amount::text as amount from trade_asset_daily where connection_id = 'sandbox' and day >= (current_date - 1) and deposit_amount > 0 order by deposit_amount desc limit 3`,
    );
    expect(flows.length).toBeGreaterThan(0);
    const threshold = flows.length > 1 ? flows[flows.length - 1]!.amount : "0";
    const expected = flows.filter((f) => Number(f.amount) > Number(threshold)).length;

    const rule = await created<AlertRuleView>(
      await rulesRoute.POST(
        call("POST", "/api/alerts/rules", {
          name: "Whale deposit",
          params: { kind: "large-flow", flow: "deposit", amount: threshold, coin: "USDT" },
          channels: { mail: ["ops@example.com"], webhooks: [endpointId] },
          cooldownMinutes: 60,
        }),
      ),
    );
    expect(rule.webhookEndpoints).toEqual([{ id: endpointId, label: "Receiver" }]);
    app.role = "admin";
    try {
      const evaluated = (await (await evaluateRoute.POST(call("POST", "/api/alerts/evaluate", {}))).json()) as { fired: number };
      expect(evaluated.fired).toBe(expected);
    } finally {
      app.role = "analyst";
    }
    const events = await queryRows<{ id: string; sentence: string; figures: Record<string, string> }>(db, sql`select id, sentence, figures from alert_events where rule_id = ${rule.id}`);
    expect(events).toHaveLength(expected);

    const mailsBefore = smtp.received.length;
    const hooksBefore = receiver.received.length;
    const drained = await sendDueNow();
    expect(drained, JSON.stringify(await unsent())).toMatchObject({ sent: 2 * expected, retried: 0, failed: 0 });
    const alertMails = smtp.received.slice(mailsBefore);
    expect(alertMails).toHaveLength(expected);
    for (const event of events) {
      const mail = alertMails.find((m) => (m.parsed.text ?? "").includes(event.sentence));
      expect(mail, event.sentence).toBeDefined();
      expect(mail!.envelopeTo).toEqual(["ops@example.com"]);
      expect(mail!.parsed.subject).toBe("Alert: Whale deposit");
      expect(mail!.parsed.text).toContain(`Amount: ${event.figures.amount}`);
      expect(mail!.parsed.text).toContain(`Threshold: ${threshold}`);
      expect(mail!.parsed.html).toContain(event.sentence);
      expect(mail!.parsed.text).toContain(`https://desk.example/invitees/${event.figures.uid}?`);
    }
    const bodies = signedBodies(receiver.received.slice(hooksBefore), secret);
    expect(bodies.map((b) => b.eventId).sort()).toEqual(events.map((e) => e.id).sort());
    for (const body of bodies) expect(body).toMatchObject({ type: "alert", rule: "Whale deposit", sentence: events.find((e) => e.id === body.eventId)?.sentence });
  }, 120_000);
});
