import { describe, expect, it } from "vitest";
import { changedFields } from "./change-log.ts";

describe("changedFields", () => {
  it("lists only the fields whose values differ", () => {
    expect(changedFields({ price: 1250, title: "Miel" }, { price: 1190, title: "Miel" })).toEqual([
      { field: "price", before: 1250, after: 1190 },
    ]);
  });

  it("shows added and removed fields, and compares lists and objects by value", () => {
    expect(changedFields({ tags: ["a"], old: 1 }, { tags: ["a"], added: true })).toEqual([
      { field: "old", before: 1, after: undefined },
      { field: "added", before: undefined, after: true },
    ]);
  });

  it("treats a missing side as empty and a bare value as one field", () => {
    expect(changedFields(null, { archived: true })).toEqual([
      { field: "archived", before: undefined, after: true },
    ]);
    expect(changedFields(3, 4)).toEqual([{ field: "valeur", before: 3, after: 4 }]);
  });
});
