import { describe, expect, it } from "vitest";
import { nextRevision, REVISION_PATTERN } from "./documents.ts";

describe("document revisions", () => {
  it("count the writes and follow the content", () => {
    const first = nextRevision(undefined, { bookmarks: [1] });
    expect(first).toMatch(/^1-[0-9a-f]{32}$/);
    const second = nextRevision(first, { bookmarks: [1, 2] });
    expect(second).toMatch(/^2-/);
    expect(nextRevision(first, { bookmarks: [1, 3] })).not.toBe(second);
    expect(nextRevision(first, { bookmarks: [1, 2] })).toBe(second);
  });

  it("recognise only well-formed revisions", () => {
    expect(REVISION_PATTERN.test("12-0123456789abcdef0123456789abcdef")).toBe(true);
    expect(REVISION_PATTERN.test("0-0123456789abcdef0123456789abcdef")).toBe(false);
    expect(REVISION_PATTERN.test("1-xyz")).toBe(false);
  });
});
