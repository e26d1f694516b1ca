import Decimal from "decimal.js";
import { expect, type Locator } from "@playwright/test";

/**
 * What a person reads against what the data holds: a USDT cell shows 2 decimals, grouped, and its title keeps
 * every digit (the CSV's exact value); the shown figure is the exact one rounded half up.
 */
export const USDT_CELL = /^-?\d{1,3}(,\d{3})*\.\d{2}$/;
/** A count: whole and grouped. */
export const COUNT_CELL = /^\d{1,3}(,\d{3})*$/;

const decimalOf = (text: string) => new Decimal(text.replace(/[^\d.-]/g, ""));

/** Every cell of `cells` (at least one) shows its title's exact value at `dp` decimals, as `shape` says. */
export async function expectRounded(cells: Locator, shape: RegExp, dp: number): Promise<void> {
  const count = await cells.count();
  expect(count, "cells to check").toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const cell = cells.nth(i);
    // textContent: a table under a chart sits in a closed <details>, where innerText is empty.
    const shown = ((await cell.textContent()) ?? "").trim();
    expect(shown).toMatch(shape);
    const exact = await cell.getAttribute("title");
    expect(exact, `title of ${shown}`).toBeTruthy();
    expect(decimalOf(shown).equals(decimalOf(exact!).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP)), `${shown} is ${exact} rounded`).toBe(true);
  }
}
