import { describe, expect, it } from "vitest";
import { changeWords } from "@/components/share/link-change-log";

describe("a change of a link's embedding origins in the log's words", () => {
  it("says the lists before and after, and which sites came and went when some stayed", () => {
    expect(changeWords({ field: "embedding", from: "none", to: "https://a.example.com" })).toBe("Embeddable on none → https://a.example.com");
    expect(changeWords({ field: "embedding", from: "https://a.example.com", to: "https://b.example.com" })).toBe("Embeddable on https://a.example.com → https://b.example.com");
    expect(changeWords({ field: "embedding", from: "https://a.example.com, https://b.example.com", to: "https://b.example.com, https://c.example.com" })).toBe(
      "Embeddable on https://a.example.com, https://b.example.com → https://b.example.com, https://c.example.com (added https://c.example.com; removed https://a.example.com)",
    );
    expect(changeWords({ field: "embedding", from: "https://a.example.com", to: "https://a.example.com, http://127.0.0.1:4000" })).toBe(
      "Embeddable on https://a.example.com → https://a.example.com, http://127.0.0.1:4000 (added http://127.0.0.1:4000)",
    );
    expect(changeWords({ field: "embedding", from: "https://a.example.com, https://b.example.com", to: "none" })).toBe("Embeddable on https://a.example.com, https://b.example.com → none");
  });
});
