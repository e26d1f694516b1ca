/** Words for an alert's figures (the page and the messages show these, not the keys). Browser-safe. */
const LABELS: Readonly<Record<string, string>> = {
  current: "Compared period",
  previous: "Period before",
  changePercent: "Change (%)",
  coin: "Coin",
  currentPeriod: "Compared period's days",
  previousPeriod: "Days of the period before",
  uid: "Invitee",
  sub: "Sub-affiliate",
  day: "Day",
  amount: "Amount",
  threshold: "Threshold",
  flow: "Deposit or withdrawal",
  rank: "Rank by commission",
  commission: "Commission in the window",
  lastActiveDay: "Last day with a trade",
  window: "Ranking window",
  silentDays: "Silent days",
  invitees: "Invitees",
  days: "Days since sign-up",
  signedUpBy: "Signed up on or before",
  milestonesAsOf: "Milestones as of",
  reportsFailing: "Reports failing",
  lastFailureAt: "Last failure",
  ageMinutes: "Data age (minutes)",
  dataAsOf: "Data as of",
  thresholdMinutes: "Threshold (minutes)",
  refusals: "Refused calls",
  status429: "Too many requests (429)",
  status418: "Banned for a while (418)",
  lastAt: "Last refusal",
};

export function figureLabel(key: string): string {
  return LABELS[key] ?? key;
}
