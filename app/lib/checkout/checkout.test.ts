import { describe, expect, it } from "vitest";
import {
  type CheckoutLineView,
  checkoutItems,
  isFrenchPhone,
  lineKeyOf,
  nationalPhone,
  type OptionSetView,
  orderItemsOf,
  purchaseEvent,
  selectedChoices,
  unitChoices,
} from "#app/lib/checkout/checkout.ts";

describe("French phone numbers (spec §5)", () => {
  it("accepts +33, 0033 and the national form, with separators", () => {
    for (const phone of [
      "+33 6 12 34 56 78",
      "0033612345678",
      "06.12.34.56.78",
      "06-12-34-56-78",
    ]) {
      expect(isFrenchPhone(phone)).toBe(true);
    }
  });

  it("refuses a zero after the prefix, a short number and other countries", () => {
    for (const phone of ["+33 0 12 34 56 78", "06 12 34 56", "+44 7911 123456", "12345"]) {
      expect(isFrenchPhone(phone)).toBe(false);
    }
  });

  it("prints E.164 in the national form", () => {
    expect(nationalPhone("+33612345678")).toBe("06 12 34 56 78");
  });
});

describe("selectedChoices", () => {
  const sets: OptionSetView[] = [
    {
      id: 1,
      name: "Accompagnement",
      min: 1,
      max: 1,
      choices: [
        { id: 10, name: "Purée maison", priceCents: 0 },
        { id: 11, name: "Gratin dauphinois", priceCents: 250 },
      ],
    },
    {
      id: 2,
      name: "Pour compléter",
      min: 0,
      max: 2,
      choices: [
        { id: 20, name: "Chips", priceCents: 180 },
        { id: 21, name: "Limonade", priceCents: 290 },
        { id: 22, name: "Cookie", priceCents: 250 },
      ],
    },
  ];

  it("gives a required set its first choice when none is made", () => {
    expect(selectedChoices(sets, undefined)).toEqual([10]);
  });

  it("keeps the shopper's choices, at most each set's maximum, and drops unknown ones", () => {
    expect(selectedChoices(sets, [11, 20, 21, 22, 99])).toEqual([11, 20, 21]);
  });

  it("keeps each unit's choices; a unit added since starts on the defaults", () => {
    expect(unitChoices(sets, [[11, 20], [21]], 3)).toEqual([[11, 20], [10, 21], [10]]);
    expect(unitChoices(sets, [[11], [11], [11]], 2)).toEqual([[11], [11]]);
    expect(unitChoices([], [[11]], 2)).toEqual([]);
  });
});

describe("orderItemsOf", () => {
  const line = (over: Partial<CheckoutLineView>): CheckoutLineView => ({
    id: "gid://shopify/CartLine/7?cart=abc",
    title: "Soupe",
    vendor: "Comptoir",
    handle: "soupe",
    productId: "gid://shopify/Product/1",
    quantity: 1,
    priceCents: 800,
    compareAtCents: null,
    menuItemId: 1042,
    optionSets: [],
    units: [],
    ...over,
  });

  it("groups a line's units by their choices, in the order they first appear", () => {
    expect(
      orderItemsOf([
        line({ quantity: 4, units: [[21, 20], [], [20, 21], [22]] }),
        line({ menuItemId: 1043, quantity: 2 }),
        line({ menuItemId: null, quantity: 5 }),
      ]),
    ).toEqual([
      { MenuItemId: 1042, Quantity: 2, MenuItemOptionSetItemIds: [20, 21] },
      { MenuItemId: 1042, Quantity: 1, MenuItemOptionSetItemIds: [] },
      { MenuItemId: 1042, Quantity: 1, MenuItemOptionSetItemIds: [22] },
      { MenuItemId: 1043, Quantity: 2, MenuItemOptionSetItemIds: [] },
    ]);
  });

  it("keys a line by its number in the cart", () => {
    expect(lineKeyOf("gid://shopify/CartLine/7?cart=abc")).toBe("7");
  });
});

describe("checkout events", () => {
  it("describes the lines as data-layer items with their discount", () => {
    const items = checkoutItems([
      {
        productId: "gid://shopify/Product/1",
        title: "Taboulé",
        vendor: "Les Cuisines de Lucie",
        priceCents: 650,
        compareAtCents: 800,
        quantity: 2,
      },
    ]);
    expect(items).toEqual([
      {
        index: 0,
        item_id: "gid://shopify/Product/1",
        item_name: "Taboulé",
        item_brand: "Les Cuisines de Lucie",
        price: 6.5,
        discount: 1.5,
        quantity: 2,
      },
    ]);
    expect(
      purchaseEvent({ id: "42", totalCents: 1350, kind: "restauration" }, items),
    ).toMatchObject({
      event: "purchase",
      category: "ecommerce",
      action: "42",
      label: "restauration",
      value: 13.5,
      currency: "EUR",
      items,
    });
  });
});
