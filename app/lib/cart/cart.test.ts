import { describe, expect, it } from "vitest";
import {
  addableUnits,
  applyChanges,
  type CartChange,
  type CartLineView,
  type CartView,
  cartRestauration,
  cartTotals,
  checkCap,
  enqueueChange,
  needsModeChange,
  quantityInCart,
} from "./cart.ts";

function line(overrides: Partial<CartLineView> = {}): CartLineView {
  return {
    id: "gid://shopify/CartLine/1",
    quantity: 1,
    variantId: "gid://shopify/ProductVariant/1",
    variantTitle: "",
    productId: "gid://shopify/Product/1",
    handle: "comte",
    title: "Comté",
    vendor: "Fromagerie",
    image: null,
    unitLabel: "250 g",
    maxQuantity: 3,
    restauration: false,
    alcohol: false,
    vatRate: 550,
    attributes: [],
    substitute: true,
    unitPrice: 1250,
    compareAtUnitPrice: null,
    subtotal: 1250,
    total: 1250,
    ...overrides,
  };
}

function cart(lines: CartLineView[]): CartView {
  const subtotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
  return {
    id: "gid://shopify/Cart/c1",
    checkoutUrl: "/checkout/c1",
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    note: "",
    attributes: [],
    discountCodes: [],
    automaticDiscount: null,
    subtotal,
    total: lines.reduce((sum, l) => sum + l.total, 0),
    lines,
  };
}

const seed = {
  variantId: "gid://shopify/ProductVariant/2",
  variantTitle: "",
  productId: "gid://shopify/Product/2",
  handle: "miel",
  title: "Miel",
  vendor: "Rucher",
  image: null,
  unitLabel: null,
  maxQuantity: 10,
  restauration: false,
  alcohol: false,
  unitPrice: 890,
  compareAtUnitPrice: null,
};

describe("caps", () => {
  it("counts a product's units over its variants", () => {
    const c = cart([
      line({ quantity: 2 }),
      line({ id: "l2", variantId: "gid://shopify/ProductVariant/9", quantity: 1 }),
    ]);
    expect(quantityInCart(c, "gid://shopify/Product/1")).toBe(3);
    expect(quantityInCart(null, "gid://shopify/Product/1")).toBe(0);
  });

  it("allows the cap minus what is in, never below 0, 10 without a cap", () => {
    expect(addableUnits(3, 1)).toBe(2);
    expect(addableUnits(3, 5)).toBe(0);
    expect(addableUnits(undefined, 4)).toBe(6);
    expect(addableUnits(0, 0)).toBe(10);
  });

  it("refuses a fourth unit when max_quantity is 3", () => {
    const c = cart([line({ quantity: 3, subtotal: 3750, total: 3750 })]);
    expect(checkCap(c, { productId: "gid://shopify/Product/1", maxQuantity: 3 }, 1)).toEqual({
      ok: false,
      message: "Quantité maximale atteinte pour ce produit (3)",
    });
    expect(checkCap(c, { productId: "gid://shopify/Product/2", maxQuantity: 3 }, 3)).toEqual({
      ok: true,
    });
  });
});

describe("restauration kind", () => {
  it("is null for an empty cart, else the lines' kind", () => {
    expect(cartRestauration(null)).toBeNull();
    expect(cartRestauration(cart([]))).toBeNull();
    expect(cartRestauration(cart([line()]))).toBe(false);
    expect(cartRestauration(cart([line({ restauration: true })]))).toBe(true);
  });

  it("asks for the mode change only when a non-empty cart is of the other kind", () => {
    expect(needsModeChange(cart([]), true)).toBe(false);
    expect(needsModeChange(cart([line()]), false)).toBe(false);
    expect(needsModeChange(cart([line()]), true)).toBe(true);
  });
});

describe("queued changes", () => {
  const add = (n: number): CartChange => ({ kind: "add", variantId: "v1", quantity: n });

  it("merges quick adds of one line while they wait", () => {
    let pending: CartChange[] = [];
    pending = enqueueChange(pending, add(1), 0);
    pending = enqueueChange(pending, add(1), 0);
    pending = enqueueChange(pending, add(1), 0);
    expect(pending).toEqual([add(3)]);
  });

  it("never merges into the change already sent", () => {
    let pending: CartChange[] = [add(1)];
    pending = enqueueChange(pending, add(1), 1);
    pending = enqueueChange(pending, add(1), 1);
    expect(pending).toEqual([add(1), add(2)]);
  });

  it("keeps the order of different changes and lets the latest quantity win", () => {
    let pending: CartChange[] = [];
    pending = enqueueChange(pending, add(1), 0);
    pending = enqueueChange(pending, { kind: "remove", variantId: "v1", quantity: 1 }, 0);
    pending = enqueueChange(pending, { kind: "set", variantId: "v1", quantity: 4 }, 0);
    pending = enqueueChange(pending, { kind: "set", variantId: "v1", quantity: 2 }, 0);
    expect(pending).toEqual([
      add(1),
      { kind: "remove", variantId: "v1", quantity: 1 },
      { kind: "set", variantId: "v1", quantity: 2 },
    ]);
  });
});

describe("the optimistic cart", () => {
  it("adds to a line, creates a seeded one, and moves the totals", () => {
    const c = cart([line()]);
    const view = applyChanges(c, [
      { kind: "add", variantId: "gid://shopify/ProductVariant/1", quantity: 1 },
      { kind: "add", variantId: seed.variantId, quantity: 2, seed },
    ]);
    expect(view?.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ["gid://shopify/ProductVariant/1", 2],
      [seed.variantId, 2],
    ]);
    expect(view?.totalQuantity).toBe(4);
    expect(view?.total).toBe(1250 * 2 + 890 * 2);
    expect(view?.lines[1]?.id).toBe(`pending:${seed.variantId}`);
  });

  it("removes one unit, and the line at 1", () => {
    const c = cart([line({ quantity: 2, subtotal: 2500, total: 2500 })]);
    const one = {
      kind: "remove",
      variantId: "gid://shopify/ProductVariant/1",
      quantity: 1,
    } as const;
    expect(applyChanges(c, [one])?.lines[0]?.quantity).toBe(1);
    expect(applyChanges(c, [one, one])?.lines).toEqual([]);
    expect(applyChanges(c, [one, one])?.total).toBe(0);
  });

  it("keeps a line's discount ratio when its quantity changes", () => {
    const c = cart([line({ quantity: 2, subtotal: 2500, total: 2250 })]);
    const view = applyChanges(c, [
      { kind: "set", variantId: "gid://shopify/ProductVariant/1", quantity: 4 },
    ]);
    expect(view?.lines[0]).toMatchObject({ quantity: 4, subtotal: 5000, total: 4500 });
  });

  it("shows a line's substitution choice at once, the latest click winning, the quantity kept", () => {
    const c = cart([line({ quantity: 2, subtotal: 2500, total: 2500 })]);
    const variantId = "gid://shopify/ProductVariant/1";
    let pending: CartChange[] = [];
    pending = enqueueChange(pending, { kind: "substitute", variantId, accepted: false }, 0);
    pending = enqueueChange(pending, { kind: "substitute", variantId, accepted: true }, 0);
    pending = enqueueChange(pending, { kind: "substitute", variantId, accepted: false }, 0);
    expect(pending).toEqual([{ kind: "substitute", variantId, accepted: false }]);
    const view = applyChanges(c, pending);
    expect(view?.lines).toHaveLength(1);
    expect(view?.lines[0]).toMatchObject({ quantity: 2, substitute: false, total: 2500 });
  });

  it("empties on clear and shows the pending note", () => {
    const c = cart([line()]);
    expect(applyChanges(c, [{ kind: "clear" }])?.lines).toEqual([]);
    expect(applyChanges(c, [{ kind: "note", note: "Sonner" }])?.note).toBe("Sonner");
    expect(applyChanges(c, [])).toBe(c);
  });
});

describe("totals", () => {
  const zone = { feeCents: 590, minimumOrderCents: 0, freeDeliveryOverCents: null };

  it("adds the fixed 0.50 € and, in delivery mode, the zone's delivery fee", () => {
    const c = cart([line({ quantity: 2, subtotal: 2500, total: 2250 })]);
    expect(cartTotals(c, null)).toEqual({
      subtotal: 2500,
      discount: 250,
      serviceFee: 50,
      deliveryFee: null,
      freeDelivery: false,
      leftToFreeDelivery: null,
      deliveryMinimum: null,
      total: 2300,
      vat: [
        { rateBasisPoints: 550, netCents: 2133, vatCents: 117, grossCents: 2250 },
        { rateBasisPoints: 2000, netCents: 42, vatCents: 8, grossCents: 50 },
      ],
    });
    expect(cartTotals(c, zone).total).toBe(2250 + 50 + 590);
  });

  it("states the VAT per rate: each product's, the fee's, the delivery shared between them", () => {
    const wine = line({ variantId: "gid://shopify/ProductVariant/2", vatRate: 2000, total: 1800 });
    const totals = cartTotals(cart([line({ total: 2500 }), wine]), zone);
    // 5,90 € of delivery: 3,43 € with the 25,00 € of cheese, 2,47 € with the 18,00 € of wine
    // (343,02 and 246,98: the cent left goes to the share the rounding cut most).
    expect(totals.vat.map((vat) => [vat.rateBasisPoints, vat.grossCents])).toEqual([
      [550, 2500 + 343],
      [2000, 1800 + 50 + 247],
    ]);
    expect(totals.vat.reduce((sum, vat) => sum + vat.grossCents, 0)).toBe(totals.total);
  });

  it("offers delivery from the zone's threshold, compared with the total after codes", () => {
    const terms = { ...zone, freeDeliveryOverCents: 2300 };
    // 25 € before the code, 22,50 € after: 0,50 € short of free delivery.
    const short = cartTotals(cart([line({ quantity: 2, subtotal: 2500, total: 2250 })]), terms);
    expect(short).toMatchObject({ deliveryFee: 590, freeDelivery: false, leftToFreeDelivery: 50 });
    const free = cartTotals(cart([line({ quantity: 2, subtotal: 2500, total: 2300 })]), terms);
    expect(free).toMatchObject({
      deliveryFee: 0,
      freeDelivery: true,
      leftToFreeDelivery: null,
      total: 2300 + 50,
    });
  });

  it("names the zone's minimum order while the cart is below it", () => {
    const terms = { ...zone, minimumOrderCents: 2500 };
    const below = cartTotals(cart([line({ quantity: 2, subtotal: 2500, total: 2250 })]), terms);
    expect(below.deliveryMinimum).toBe(2500);
    const reached = cartTotals(cart([line({ quantity: 2, subtotal: 2500, total: 2500 })]), terms);
    expect(reached.deliveryMinimum).toBeNull();
  });

  it("has no fees for an empty cart", () => {
    expect(cartTotals(cart([]), zone)).toMatchObject({
      serviceFee: 0,
      deliveryFee: null,
      total: 0,
    });
  });
});
