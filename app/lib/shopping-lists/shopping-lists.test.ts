import { describe, expect, it } from "vitest";
import {
  checkListTitle,
  LIST_MESSAGES,
  listIdParam,
  listOutcomeOf,
  listsTabPath,
  parseListCommand,
  productCountLabel,
  withListOutcome,
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

describe("the lists tab without JavaScript", () => {
  it("writes the tab's address with its parameters, leaving out the missing ones", () => {
    expect(listsTabPath()).toBe("/compte/?s=5");
    expect(listsTabPath({ view: 3 })).toBe("/compte/?s=5&voir=3");
    expect(listsTabPath({ rename: 4, delete: null })).toBe("/compte/?s=5&renommer=4");
    expect(listsTabPath({ product: "42" })).toBe("/compte/?s=5&produit=42");
  });

  it("reads a list id from the address, nothing else", () => {
    expect(listIdParam("12")).toBe(12);
    for (const value of [null, "", "0", "-1", "1.5", "x", "99999999999"]) {
      expect(listIdParam(value)).toBeNull();
    }
  });

  it("carries every outcome through the address and back, replacing an earlier one", () => {
    for (const text of Object.values(LIST_MESSAGES)) {
      for (const ok of [true, false]) {
        const result = ok
          ? ({ ok, intent: "create", message: text } as const)
          : ({ ok, error: text } as const);
        const path = withListOutcome("/compte/?s=5&ok=liste-creee&voir=3#listes", result);
        const url = new URL(path, "http://shop.invalid");
        expect(url.pathname).toBe("/compte/");
        expect(url.searchParams.get("voir")).toBe("3");
        expect(url.hash).toBe("#listes");
        expect(url.searchParams.getAll(ok ? "ok" : "erreur")).toHaveLength(1);
        expect(listOutcomeOf(url.searchParams)).toEqual({ ok, text });
      }
    }
    expect(withListOutcome("/compte/?s=5", { ok: true, intent: "create", message: "Autre" })).toBe(
      "/compte/?s=5",
    );
    expect(listOutcomeOf(new URLSearchParams("ok=profil"))).toBeNull();
    expect(listOutcomeOf(new URLSearchParams("erreur=inconnue"))).toBeNull();
  });
});
