import { describe, expect, it } from "vitest";
import { ORDER_SLOT_ATTRIBUTES, orderSlotAttributes } from "#platform/commerce/orders/slot.ts";
import { formatSlotBetween } from "#platform/format.ts";

describe("a grocery order's slot", () => {
  it("reads as the order-mode modal spells a slot: « mercredi 2 décembre 2026, 12h00–13h00 »", () => {
    const attributes = orderSlotAttributes({
      orderMode: 2,
      slotKey: "2026-12-02 12:00-13:00",
      storeName: "Comptoir Haussmann",
      storeAddress: null,
    });
    expect(attributes.find((a) => a.key === ORDER_SLOT_ATTRIBUTES.slotLabel)?.value).toBe(
      "mercredi 2 décembre 2026, 12h00–13h00",
    );
    expect(attributes.find((a) => a.key === ORDER_SLOT_ATTRIBUTES.modeLabel)?.value).toBe(
      "Retrait en magasin",
    );
  });

  it("spells a slot held as two instants the same way as its key", () => {
    // 12:00–13:00 in Paris on 2 December 2026 (UTC+1).
    expect(
      formatSlotBetween(new Date("2026-12-02T11:00:00Z"), new Date("2026-12-02T12:00:00Z")),
    ).toBe("mercredi 2 décembre 2026, 12h00–13h00");
  });
});
