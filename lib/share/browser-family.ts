/**
 * A coarse browser family from a User-Agent, for a share link's view log: a
 * handful of names, never the version, platform or the string itself, so the
 * log tells who kind of opened a link without fingerprinting anyone. Pure.
 */
export const BROWSER_FAMILIES = ["Edge", "Opera", "Samsung Internet", "Firefox", "Chrome", "Safari", "Headless browser", "Script or bot", "Other"] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

// Order matters: Edge, Opera and Samsung say "Chrome" too, Chrome says "Safari", headless Chrome says both.
const RULES: ReadonlyArray<readonly [RegExp, BrowserFamily]> = [
  [/HeadlessChrome|PhantomJS|Playwright|Puppeteer/i, "Headless browser"],
  [/bot\b|crawler|spider|curl\/|wget\/|python|node-fetch|undici|axios|go-http-client|java\/|okhttp|libwww|httpclient/i, "Script or bot"],
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|Chromium\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

export function browserFamily(userAgent: string | null | undefined): BrowserFamily {
  if (!userAgent) return "Other";
  const ua = userAgent.slice(0, 512);
  return RULES.find(([pattern]) => pattern.test(ua))?.[1] ?? "Other";
}
