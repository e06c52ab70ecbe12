import { describe, expect, it } from "vitest";
import { compareFields, sameValue } from "#platform/content/editing/compare.ts";

describe("compareFields", () => {
  it("lists every field of the model in its order, with how it changed", () => {
    const changes = compareFields(
      "cms",
      { title: "Mentions", slug: "mentions", seoTitle: "Ancien" },
      { title: "Mentions légales", slug: "mentions", body: { nodeType: "document" } },
    );
    expect(changes.map((change) => [change.field, change.change])).toEqual([
      ["title", "changed"],
      ["slug", "unchanged"],
      ["body", "added"],
      ["image", "unchanged"],
      ["seoTitle", "removed"],
      ["seoDescription", "unchanged"],
    ]);
    expect(changes[0]).toEqual({
      field: "title",
      name: "Title",
      change: "changed",
      before: "Mentions",
      after: "Mentions légales",
    });
  });

  it("keeps only the changes when asked, and fields the model no longer has", () => {
    const changes = compareFields(
      "cms",
      { title: "A", gone: 1 },
      { title: "A" },
      {
        changedOnly: true,
      },
    );
    expect(changes).toEqual([
      { field: "gone", name: "gone", change: "removed", before: 1, after: undefined },
    ]);
  });

  it("compares JSON whatever the order of the keys, but not of array elements", () => {
    expect(sameValue({ sys: { id: "a", type: "Link" } }, { sys: { type: "Link", id: "a" } })).toBe(
      true,
    );
    expect(sameValue(["a", "b"], ["b", "a"])).toBe(false);
  });
});
