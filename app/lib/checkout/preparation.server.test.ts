import { describe, expect, it } from "vitest";
import type { CartView } from "#app/lib/cart/cart.ts";
import {
  EMPTY_ORDER_MODE,
  type OrderModeState,
  orderSlot,
} from "#app/lib/order-mode/order-mode.ts";
import { checkoutAddress, checkoutAttributes } from "./preparation.server.ts";

const cart = (attributes: { key: string; value: string }[]): CartView => ({
  id: "gid://shopify/Cart/c1-x?key=y",
  checkoutUrl: "http://commerce.embedded/checkout/c1-x/?key=y",
  totalQuantity: 1,
  note: "",
  attributes,
  discountCodes: [],
  automaticDiscount: null,
  subtotal: 0,
  total: 0,
  lines: [],
});

const delivery: OrderModeState = {
  ...EMPTY_ORDER_MODE,
  mode: 1,
  deliveryLocationId: 2101,
  pickupLocationId: 2103,
  deliveryAddress: { address: "3 rue Bleue", postcode: "75009", city: "Paris" },
  deliverySlot: orderSlot("2026-11-24 12:00-13:00"),
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("checkout preparation", () => {
  it("copies the order mode over the cart's own attributes", () => {
    const attributes = checkoutAttributes(
      cart([
        { key: "restauration", value: "false" },
        { key: "pickupLocationId", value: "2102" },
      ]),
      delivery,
    );
    expect(Object.fromEntries(attributes.map((a) => [a.key, a.value]))).toEqual({
      restauration: "false",
      mode: "1",
      deliverySlot: "2026-11-24 12:00-13:00",
      slotDay: "2026-11-24",
      deliveryLocationId: "2101",
      // Held by the cart but not of this mode: sent empty, which removes it.
      pickupLocationId: "",
      preOrder: "false",
      isProvince: "false",
      isWrap: "false",
    });
  });

  it("takes the cart form's address, else the delivery address, only when complete", () => {
    expect(
      checkoutAddress(form({ address1: "8 rue du Bac", zip: "75007", city: "Paris" }), delivery),
    ).toMatchObject({ address1: "8 rue du Bac", zip: "75007", countryCode: "FR" });
    expect(checkoutAddress(form({ address1: "8 rue du Bac" }), delivery)).toMatchObject({
      address1: "3 rue Bleue",
      zip: "75009",
      city: "Paris",
    });
    expect(checkoutAddress(form({}), { ...delivery, mode: 2 })).toBeNull();
  });
});
