import { describe, expect, it } from "vitest";
import { wholeDaysOf } from "./held";

const DAY = 86_400_000;
const d = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe("the whole UTC days of commission held", () => {
  it("ends the day before a source's last read instant, unless it read the day to its last millisecond", () => {
    expect(wholeDaysOf([{ coveredFrom: d("2026-01-01"), coveredTo: d("2026-03-10") + 9 * 3_600_000 }])).toEqual({ first: d("2026-01-01"), through: d("2026-03-09") });
    expect(wholeDaysOf([{ coveredFrom: d("2026-01-01"), coveredTo: d("2026-03-10") + DAY - 1 }])).toEqual({ first: d("2026-01-01"), through: d("2026-03-10") });
  });

  it("takes the days both sources hold, and nothing while one holds none", () => {
    const spot = { coveredFrom: d("2026-01-01") + 5, coveredTo: d("2026-03-10") + 1 };
    const futures = { coveredFrom: d("2026-01-03"), coveredTo: d("2026-03-20") };
    expect(wholeDaysOf([spot, futures])).toEqual({ first: d("2026-01-03"), through: d("2026-03-09") });
    expect(wholeDaysOf([spot, { coveredFrom: null, coveredTo: null }])).toBeNull();
    expect(wholeDaysOf([{ coveredFrom: d("2026-01-01") + 1, coveredTo: d("2026-01-01") + 2 }])).toBeNull();
    expect(wholeDaysOf([])).toBeNull();
  });
});
