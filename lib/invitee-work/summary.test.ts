import { describe, expect, it } from "vitest";
import { summarize, summarizeRow } from "./summary";

describe("the work log in words", () => {
  it("says each action in one sentence", () => {
    expect(summarize({ action: "tags.set", added: ["vip", "whale"], removed: ["dormant"] })).toBe("Tagged vip, whale; removed dormant");
    expect(summarize({ action: "tags.set", added: [], removed: ["dormant"] })).toBe("Removed dormant");
    expect(summarize({ action: "tags.bulk", added: ["q3"], removed: [] })).toBe("Tagged q3 (bulk)");
    expect(summarize({ action: "note.update", noteId: "n", before: "secret a", after: "secret b" })).toBe("Edited a note");
    expect(summarize({ action: "note.delete", noteId: "n", body: "x", authorEmail: "a@example.com" })).toBe("Deleted a note by a@example.com");
    expect(summarize({ action: "follow_up.set", before: null, after: { state: "contacted", contactedOn: "2025-03-01", dueOn: "2025-03-08" } })).toBe(
      "Follow-up set: Contacted, contacted 2025-03-01, due 2025-03-08",
    );
    expect(summarize({ action: "follow_up.clear", before: { state: "replied", contactedOn: null, dueOn: null } })).toBe("Follow-up cleared (was Replied)");
    expect(summarize({ action: "tag.update", tagId: "t", before: { name: "a", color: "slate" }, after: { name: "b", color: "red" } })).toBe("Renamed tag a to b; colour slate → red");
    expect(summarize({ action: "tag.update", tagId: "t", before: { name: "a", color: "slate" }, after: { name: "a", color: "red" } })).toBe("Tag a's colour slate → red");
    expect(summarize({ action: "tag.merge", from: { id: "1", name: "old" }, into: { id: "2", name: "new" }, moved: 1 })).toBe("Merged tag old into new (1 invitee moved)");
    expect(summarize({ action: "tag.delete", tagId: "t", name: "x", color: "red", invitees: 3 })).toBe("Deleted tag x (carried by 3 invitees)");
  });

  it("a stored detail of another shape still gets a sentence, never a throw", () => {
    expect(summarizeRow("tags.set", {})).toBe("tags.set");
    expect(summarizeRow("note.create", null)).toBe("note.create");
    expect(summarizeRow("follow_up.set", { before: null, after: null })).toBe("follow_up.set");
  });
});
