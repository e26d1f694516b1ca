/** Waits until the app's own sync has read every report's whole history, so analytics pages have complete data. */
import { expect } from "@playwright/test";
import { apiSession } from "./session";

export const DEMO = { email: "demo@rebatedesk.local", password: "demo-password" };

export async function waitForWarehouse(baseURL: string): Promise<void> {
  const api = await apiSession(baseURL, DEMO.email, DEMO.password);
  await api.post("/api/sync");
  await expect
    .poll(
      async () => {
        const status = (await (await api.get("/api/sync")).json()) as { running: boolean; reports: Array<{ backfillDone: boolean }> };
        return !status.running && status.reports.every((r) => r.backfillDone);
      },
      { timeout: 200_000, intervals: [1_000] },
    )
    .toBe(true);
  await api.dispose();
}
