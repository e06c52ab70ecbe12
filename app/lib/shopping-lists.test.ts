import { describe, expect, it } from "vitest";
import {
  checkListTitle,
  LIST_MESSAGES,
  parseListCommand,
  productCountLabel,
} from "./shopping-lists.ts";

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};
const P1 = "gid://shopify/Product/1";
const P2 = "gid://shopify/Product/2";

describe("parseListCommand", () => {
  it("reads every intent", () => {
    expect(
      parseListCommand(
        form([
          ["intent", "create"],
          ["title", "  Apéro "],
          ["productId", P1],
        ]),
      ),
    ).toEqual({
      ok: true,
      command: { intent: "create", title: "Apéro", productIds: [P1] },
    });
    expect(
      parseListCommand(
        form([
          ["intent", "rename"],
          ["listId", "4"],
          ["title", "Fête"],
        ]),
      ),
    ).toEqual({
      ok: true,
      command: { intent: "rename", listId: 4, title: "Fête" },
    });
    expect(
      parseListCommand(
        form([
          ["intent", "delete"],
          ["listId", "4"],
        ]),
      ),
    ).toEqual({
      ok: true,
      command: { intent: "delete", listId: 4 },
    });
    expect(
      parseListCommand(
        form([
          ["intent", "add"],
          ["listId", "4"],
          ["productId", P1],
          ["productId", P2],
          ["productId", P1],
        ]),
      ),
    ).toEqual({ ok: true, command: { intent: "add", listId: 4, productIds: [P1, P2] } });
    expect(
      parseListCommand(
        form([
          ["intent", "add-to-cart"],
          ["listId", "9"],
        ]),
      ),
    ).toEqual({
      ok: true,
      command: { intent: "add-to-cart", listId: 9 },
    });
  });

  it("refuses what is not valid, in French", () => {
    expect(parseListCommand(form([["intent", "drop"]]))).toMatchObject({
      ok: false,
      error: LIST_MESSAGES.invalid,
    });
    expect(
      parseListCommand(
        form([
          ["intent", "delete"],
          ["listId", "x"],
        ]),
      ),
    ).toMatchObject({ ok: false });
    expect(
      parseListCommand(
        form([
          ["intent", "add"],
          ["listId", "4"],
        ]),
      ),
    ).toMatchObject({ ok: false });
    expect(
      parseListCommand(
        form([
          ["intent", "add"],
          ["listId", "4"],
          ["productId", "42"],
        ]),
      ),
    ).toMatchObject({ ok: false });
    expect(
      parseListCommand(
        form([
          ["intent", "create"],
          ["title", "  "],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      error: LIST_MESSAGES.titleMissing,
    });
    expect(
      parseListCommand(
        form([
          ["intent", "rename"],
          ["listId", "1"],
          ["title", "x".repeat(101)],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      error: LIST_MESSAGES.titleTooLong,
    });
  });

  it("checks titles and counts products", () => {
    expect(checkListTitle(" Noël ")).toEqual({ ok: true, title: "Noël" });
    expect(productCountLabel(0)).toBe("Aucun produit");
    expect(productCountLabel(1)).toBe("1 produit");
    expect(productCountLabel(3)).toBe("3 produits");
  });
});
