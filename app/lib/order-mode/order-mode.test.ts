import { describe, expect, it } from "vitest";
import { cookieValue, MODE_COOKIE, modeLabel } from "#app/lib/layout/site-layout.ts";
import {
  clearOrderMode,
  currentLocationId,
  EMPTY_ORDER_MODE,
  isOrderModeComplete,
  ORDER_COOKIE_MAX_AGE_SECONDS,
  orderModeHeaders,
  orderSlot,
  parseOrderMode,
  readOrderMode,
  serializeOrderMode,
} from "./order-mode.ts";

/** The browser's cookie jar after these Set-Cookie lines: name=value pairs, deletions dropped. */
function jar(lines: string[]): string {
  const map = new Map<string, string>();
  for (const line of lines) {
    const [pair = "", ...attributes] = line.split("; ");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq);
    if (attributes.includes("Max-Age=0")) map.delete(name);
    else map.set(name, pair.slice(eq + 1));
  }
  return [...map].map(([name, value]) => `${name}=${value}`).join("; ");
}

const delivery = {
  mode: 1 as const,
  step: 1,
  deliveryLocationId: 2101,
  deliveryAddress: {
    address: "3 rue Bleue",
    postcode: "75009",
    city: "Paris",
    instructions: "Code 1234",
  },
  isProvince: false,
  deliverySlot: orderSlot("2026-11-24 12:00-13:00"),
  preOrder: true,
  isWrap: false,
};

describe("order-mode cookies", () => {
  it("round-trips a delivery choice through Set-Cookie lines", () => {
    const state = parseOrderMode(jar(serializeOrderMode(delivery)));
    expect(state).toEqual({ ...EMPTY_ORDER_MODE, ...delivery });
    expect(state.deliverySlot).toEqual({ slot: "2026-11-24 12:00-13:00", day: "2026-11-24" });
  });

  it("writes one-day, JavaScript-readable, Lax cookies; Secure only when asked", () => {
    const lines = serializeOrderMode({ mode: 2, pickupLocationId: 2103 });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain(`Max-Age=${ORDER_COOKIE_MAX_AGE_SECONDS}`);
      expect(line).toContain("Path=/");
      expect(line).toContain("SameSite=Lax");
      expect(line).not.toContain("HttpOnly");
      expect(line).not.toContain("Secure");
    }
    expect(ORDER_COOKIE_MAX_AGE_SECONDS).toBe(86_400);
    expect(serializeOrderMode({ mode: 1 }, { secure: true })[0]).toContain("Secure");
  });

  it("keeps the header's reading of `mode` working", () => {
    const cookies = jar(serializeOrderMode({ mode: 2 }));
    expect(modeLabel(cookieValue(cookies, MODE_COOKIE))).toBe("Retrait en magasin");
  });

  it("deletes cookies set to null and mode 0", () => {
    const lines = serializeOrderMode({ mode: 0, deliverySlot: null, deliveryAddress: null });
    expect(lines.every((line) => line.includes("Max-Age=0"))).toBe(true);
    expect(clearOrderMode()).toHaveLength(9);
  });

  it("reads a request and falls back to defaults on malformed values", () => {
    const request = new Request("http://shop.test/", {
      headers: {
        cookie:
          "mode=3; step=abc; deliveryLocationId=-4; deliveryAddress=%7Bbad; deliverySlot=tomorrow; isProvince=yes",
      },
    });
    expect(readOrderMode(request)).toEqual(EMPTY_ORDER_MODE);
  });

  it("accepts a bare slot key as stored slot", () => {
    const state = parseOrderMode(`deliverySlot=${encodeURIComponent("2026-11-24 18:00-19:00")}`);
    expect(state.deliverySlot).toEqual({ slot: "2026-11-24 18:00-19:00", day: "2026-11-24" });
  });

  it("puts every line in a Headers object", () => {
    const headers = orderModeHeaders({ mode: 1, isWrap: true });
    expect(headers.getSetCookie()).toHaveLength(2);
  });

  it("names the store of the current mode and tells when the choice is complete", () => {
    expect(currentLocationId({ ...EMPTY_ORDER_MODE, ...delivery })).toBe(2101);
    expect(currentLocationId({ ...EMPTY_ORDER_MODE, mode: 2, pickupLocationId: 2103 })).toBe(2103);
    expect(currentLocationId(EMPTY_ORDER_MODE)).toBeNull();
    expect(isOrderModeComplete({ ...EMPTY_ORDER_MODE, ...delivery })).toBe(true);
    expect(isOrderModeComplete({ ...EMPTY_ORDER_MODE, ...delivery, deliveryAddress: null })).toBe(
      false,
    );
    expect(
      isOrderModeComplete({
        ...EMPTY_ORDER_MODE,
        mode: 2,
        pickupLocationId: 2103,
        deliverySlot: orderSlot("2026-11-24 12:00-13:00"),
      }),
    ).toBe(true);
  });
});
