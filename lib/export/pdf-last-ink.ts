/**
 * Run in the page just before it is printed (page.evaluate): the document ends with its last line of ink.
 *
 * Why: Chromium puts a box's block-end padding and border on a new sheet when only they overflow the page. A report
 * whose table's last row fitted the sheet exactly (the "All 111 rows." row's 4 px of padding and its section's 1 px
 * border did not) printed a last page holding nothing but the running footer — a blank page, on some days only, as the
 * row count moved. So the boxes the document ends with lose their block-end padding, border and margin: from <body>
 * down, at each level the rendered children whose bottom edge is the lowest (the last block, every cell of a table's
 * last row, the bottom row of a grid or flex row). Self-contained: it is serialised into the page.
 *
 * Returns how many boxes it changed (for tests and logs).
 */
export function endAtLastInk(): number {
  const TOLERANCE_PX = 1;
  let changed = 0;
  const flows = (el: Element): boolean => {
    const style = getComputedStyle(el);
    return style.display !== "none" && style.position !== "absolute" && style.position !== "fixed" && el.getClientRects().length > 0;
  };
  const trailing = (parent: Element): Element[] => {
    const kids = [...parent.children].filter(flows);
    const bottoms = kids.map((k) => k.getBoundingClientRect().bottom);
    const lowest = Math.max(...bottoms);
    return kids.filter((_, i) => bottoms[i]! >= lowest - TOLERANCE_PX);
  };
  const trim = (el: Element, depth: number): void => {
    if (!(el instanceof HTMLElement) || depth > 40) return;
    el.style.setProperty("padding-block-end", "0px", "important");
    el.style.setProperty("border-block-end-width", "0px", "important");
    el.style.setProperty("margin-block-end", "0px", "important");
    changed += 1;
    for (const kid of trailing(el)) trim(kid, depth + 1);
  };
  for (const kid of trailing(document.body)) trim(kid, 0);
  return changed;
}
