// QueryTable's choice among its four states, rendered to HTML on the server (no DOM needed).
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QueryTable, type QueryTableProps, type QueryTableSource } from "@/components/ui/query-table";
import { ApiClientError } from "@/lib/api-client";

type Rows = string[];
const idle = { error: null, isError: false, isFetching: false, refetch: () => undefined };

function render(query: QueryTableSource<Rows>, props: Partial<QueryTableProps<Rows>> = {}): string {
  const table = (rows: Rows): ReactNode => createElement("table", { "data-rows": rows.join(",") });
  // QueryTable renders inside a component of its own, as on a page (its children are a render function).
  const Harness = () =>
    QueryTable<Rows>({
      query,
      errorTitle: "The rows could not be loaded",
      loading: { rows: 2, columns: 3, label: "Loading rows" },
      empty: { when: (rows) => rows.length === 0, title: "No rows" },
      children: table,
      ...props,
    });
  return renderToStaticMarkup(createElement(Harness));
}

describe("QueryTable", () => {
  it("shows the skeleton until there is data", () => {
    const html = render({ ...idle, data: undefined, isFetching: true });
    expect(html).toContain("Loading rows…");
    expect(html).not.toContain("<table");
  });

  it("shows the error with the server's code and a retry, instead of stale data by default", () => {
    const error = new ApiClientError(503, -1001, "upstream down");
    const html = render({ ...idle, data: ["a"], error, isError: true });
    expect(html).toContain('role="alert"');
    expect(html).toContain("The rows could not be loaded");
    expect(html).toContain("-1001");
    expect(html).toContain("Try again");
    expect(html).not.toContain("<table");
  });

  it("keeps the last data on a failed refresh when asked, and shows the error when there is none", () => {
    const error = new Error("offline");
    expect(render({ ...idle, data: ["a"], error, isError: true }, { keepDataOnError: true })).toContain('data-rows="a"');
    expect(render({ ...idle, data: undefined, error, isError: true }, { keepDataOnError: true })).toContain('role="alert"');
  });

  it("says so when the answer is empty, and renders the table otherwise", () => {
    expect(render({ ...idle, data: [] })).toContain("No rows");
    const html = render({ ...idle, data: ["a", "b"] });
    expect(html).toContain('data-rows="a,b"');
    expect(html).not.toContain("No rows");
  });

  it("marks the table busy while newer data is fetched, and can show the skeleton again for a new lookup", () => {
    expect(render({ ...idle, data: ["a"], isFetching: true }, { busyWhileFetching: true })).toContain('aria-busy="true"');
    expect(render({ ...idle, data: ["a"], isFetching: true }, { loadingWhileFetching: true })).toContain("Loading rows…");
  });
});
