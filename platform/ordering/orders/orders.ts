import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { deliveryFeeCents } from "#platform/delivery-terms.ts";
import { formatCents } from "#platform/format.ts";
import { ALCOHOL_TAG, mealVoucherEligibleCents } from "#platform/meal-vouchers.ts";
import { orderItemView } from "#platform/ordering/admin-views.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import { euros, lineTotalCents, orderTotals, type Totals } from "#platform/ordering/money.ts";
import type { OrderLinks } from "#platform/ordering/orders/confirmation.ts";
import {
  type DeliveryZone,
  firstEnabledZone,
  type Store,
  storeByRestaurantId,
  zoneCovers,
  zoneDeliveryTerms,
} from "#platform/ordering/restaurants.ts";
import {
  type DeliveryLocation,
  type OrderingMode,
  type OrderLine,
  orderingMenuSection,
  orderingOptionSet,
  orderingOptionSetItem,
  type orderingOrder,
  orderingSectionItem,
} from "#platform/ordering/schema.ts";
import {
  offeredSlot as offeredSlotOf,
  type SlotCandidate,
  slotCapacity,
} from "#platform/ordering/slots.ts";
import { automaticVoucher, type Voucher, voucherForCode } from "#platform/ordering/vouchers.ts";

export type Order = typeof orderingOrder.$inferSelect;

/** A basket as the customer API receives it (`POST /Order/Order`, `/order/SubmitOrder`). */
export type BasketInput = {
  physicalRestaurantId: number;
  mode: OrderingMode;
  /** Required to submit; checked when given to `Order/Order`. */
  slotKey?: string;
  items: { menuItemId: number; quantity: number; optionSetItemIds: number[] }[];
  voucherCode?: string;
  /** Required to submit a delivery (mode 1); checked against the store's zone when given. */
  deliveryLocation?: DeliveryLocation;
};

export type AppliedVoucher = { voucher: Voucher; discountCents: number; automatic: boolean };

/** A basket priced on the server from the menu: prices are never taken from the client. */
export type PricedBasket = {
  store: Store;
  mode: OrderingMode;
  slot: SlotCandidate | null;
  deliveryLocation: DeliveryLocation | null;
  lines: OrderLine[];
  voucher: AppliedVoucher | null;
  totals: Totals;
  /** What titres-restaurant may pay of it (its food, after the voucher; at most 25 €). */
  mealVoucherEligibleCents: number;
};

export type OrderingContext = {
  db: Db;
  whiteLabel: string;
  now: Date;
  /** The links of the confirmation messages a new order sends (order-confirmation.ts). */
  links: OrderLinks;
};

/**
 * Checks a basket and prices it: the store offers the mode, the slot is offered and not full,
 * the address is in the store's zone, every item is on the store's menu and available with valid
 * options, and the voucher (the code given, else the automatic one) applies.
 */
export async function priceBasket(
  context: OrderingContext,
  input: BasketInput,
): Promise<PricedBasket> {
  const { db, now } = context;
  const store = await storeByRestaurantId(db, input.physicalRestaurantId);
  if (!store) throw new OrderingError("not_found", MESSAGES.storeNotFound);
  if (slotCapacity(store, input.mode) <= 0) {
    throw new OrderingError("mode_unavailable", MESSAGES.modeUnavailable);
  }
  const slot = input.slotKey === undefined ? null : await offeredSlot(db, store, input, now);
  const { location: deliveryLocation, zone } = await checkedLocation(db, store, input);
  const { lines, alcohol } = await priceLines(db, store, input.items);
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (input.mode === 1 && zone && subtotalCents < zone.minimumOrderCents) {
    throw new OrderingError(
      "below_minimum_order",
      MESSAGES.belowMinimumOrder(formatCents(zone.minimumOrderCents)),
      { MinimumDeliveryOrderAmount: euros(zone.minimumOrderCents) },
    );
  }
  const voucher = await applicableVoucher(context, input, subtotalCents);
  const totals = orderTotals({
    subtotalCents,
    discountCents: voucher?.discountCents ?? 0,
    mode: input.mode,
    storeDeliveryFeeCents: zoneDeliveryFeeCents(store, zone, subtotalCents),
  });
  return {
    store,
    mode: input.mode,
    slot,
    deliveryLocation,
    lines,
    voucher,
    totals,
    mealVoucherEligibleCents: restaurationMealVoucherCents(lines, alcohol, totals),
  };
}

/**
 * What titres-restaurant may pay of a restauration basket, by the shop's one rule
 * (platform/meal-vouchers.ts): its food lines as charged, never alcohol, never the service fee
 * nor the delivery, at most the daily limit. The voucher is taken off the whole basket, so each
 * line is charged its share of it (rounded down: never more than the food costs).
 */
export function restaurationMealVoucherCents(
  lines: readonly OrderLine[],
  alcohol: readonly boolean[],
  totals: Totals,
): number {
  const { subtotalCents, discountCents, serviceFeeCents, deliveryFeeCents, totalCents } = totals;
  const charged = (cents: number) =>
    subtotalCents <= 0
      ? 0
      : Math.floor((cents * Math.max(0, subtotalCents - discountCents)) / subtotalCents);
  return mealVoucherEligibleCents(
    lines.map((line, index) => ({
      product: { tags: alcohol[index] ? [ALCOHOL_TAG] : [] },
      totalCents: charged(line.lineTotalCents),
    })),
    totalCents - serviceFeeCents - deliveryFeeCents,
  );
}

async function offeredSlot(
  db: Db,
  store: Store,
  input: BasketInput,
  now: Date,
): Promise<SlotCandidate> {
  const slot = await offeredSlotOf(db, store, input.mode, input.slotKey ?? "", now);
  if (!slot) throw new OrderingError("slot_unavailable", MESSAGES.slotUnavailable);
  if (slot.isFull) throw new OrderingError("slot_full", MESSAGES.slotFull);
  return { key: slot.key, day: slot.day, start: slot.start, end: slot.end };
}

/**
 * The delivery address and the zone that covers it (the store's first enabled zone); nothing for
 * pickup. Without an address yet, the zone is still the store's, for its fee and minimum.
 */
async function checkedLocation(
  db: Db,
  store: Store,
  input: BasketInput,
): Promise<{ location: DeliveryLocation | null; zone: DeliveryZone | null }> {
  if (input.mode !== 1) return { location: null, zone: null };
  const zone = await firstEnabledZone(db, store.id);
  if (input.deliveryLocation === undefined) return { location: null, zone };
  if (!zone || !zoneCovers(zone, store, input.deliveryLocation)) {
    throw new OrderingError("outside_delivery_zone", MESSAGES.outsideDeliveryZone);
  }
  return { location: input.deliveryLocation, zone };
}

/**
 * A delivery's fee: the zone's own fee, else the store's; free from the zone's free-delivery
 * threshold on (compared with the subtotal before any voucher), by the shop's one fee function.
 */
export function zoneDeliveryFeeCents(
  store: Pick<Store, "deliveryFeeCents">,
  zone: Pick<DeliveryZone, "feeCents" | "minimumOrderCents" | "freeDeliveryThresholdCents"> | null,
  subtotalCents: number,
): number {
  return deliveryFeeCents(zoneDeliveryTerms(store, zone), subtotalCents);
}

/**
 * Each line from the store's menu: (item price + option prices) × quantity; `alcohol` says, line
 * by line, whether its item is alcohol.
 */
async function priceLines(
  db: Db,
  store: Store,
  items: BasketInput["items"],
): Promise<{ lines: OrderLine[]; alcohol: boolean[] }> {
  if (items.length === 0) throw new OrderingError("empty_basket", MESSAGES.emptyBasket);
  const menuItemIds = [...new Set(items.map((item) => item.menuItemId))];
  const menuItems = await menuItemsOfStore(db, store, menuItemIds);
  const optionIds = [...new Set(items.flatMap((item) => item.optionSetItemIds))];
  const options = await optionItems(db, optionIds);
  const sets = await optionSetsOf(db, menuItemIds);
  const lines = items.map((item) => {
    const menuItem = menuItems.get(item.menuItemId);
    if (!menuItem) {
      throw new OrderingError("item_unavailable", MESSAGES.itemUnavailable, {
        MenuItemId: item.menuItemId,
      });
    }
    const chosen = chosenOptions(item, options, sets.get(item.menuItemId) ?? []);
    const line: OrderLine = {
      menuItemId: menuItem.id,
      name: menuItem.name,
      quantity: item.quantity,
      unitPriceCents: menuItem.priceCents,
      options: chosen.map((option) => ({
        optionSetItemId: option.id,
        name: option.name,
        priceCents: option.priceCents,
      })),
      lineTotalCents: 0,
    };
    line.lineTotalCents = lineTotalCents({
      unitPriceCents: line.unitPriceCents,
      optionPricesCents: line.options.map((option) => option.priceCents),
      quantity: line.quantity,
    });
    return line;
  });
  return {
    lines,
    alcohol: lines.map((line) => menuItems.get(line.menuItemId)?.alcohol ?? false),
  };
}

/** The available items among `ids` that are on the store's menu, by id. */
async function menuItemsOfStore(db: Db, store: Store, ids: number[]) {
  if (store.menuId === null) return new Map<number, typeof orderingSectionItem.$inferSelect>();
  const rows = await db
    .select({ item: orderingSectionItem })
    .from(orderingSectionItem)
    .innerJoin(orderingMenuSection, eq(orderingMenuSection.id, orderingSectionItem.sectionId))
    .where(
      and(
        inArray(orderingSectionItem.id, ids),
        eq(orderingMenuSection.menuId, store.menuId),
        eq(orderingMenuSection.isAvailable, true),
        eq(orderingSectionItem.isAvailable, true),
      ),
    );
  return new Map(rows.map(({ item }) => [item.id, item]));
}

type OptionChoice = typeof orderingOptionSetItem.$inferSelect & { set: OptionSet };
type OptionSet = typeof orderingOptionSet.$inferSelect;

/** The option sets of each menu item, by item id. */
async function optionSetsOf(db: Db, menuItemIds: number[]): Promise<Map<number, OptionSet[]>> {
  const rows = await db
    .select()
    .from(orderingOptionSet)
    .where(inArray(orderingOptionSet.menuItemId, menuItemIds));
  const sets = new Map<number, OptionSet[]>();
  for (const set of rows) sets.set(set.menuItemId, [...(sets.get(set.menuItemId) ?? []), set]);
  return sets;
}

async function optionItems(db: Db, ids: number[]): Promise<Map<number, OptionChoice>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ option: orderingOptionSetItem, set: orderingOptionSet })
    .from(orderingOptionSetItem)
    .innerJoin(orderingOptionSet, eq(orderingOptionSet.id, orderingOptionSetItem.optionSetId))
    .where(
      and(inArray(orderingOptionSetItem.id, ids), eq(orderingOptionSetItem.isAvailable, true)),
    );
  return new Map(rows.map(({ option, set }) => [option.id, { ...option, set }]));
}

/**
 * The options chosen for a line, each an available choice of one of the item's option sets, at
 * most once, and within each set's min and max counts (sets with a minimum must be answered).
 */
function chosenOptions(
  item: BasketInput["items"][number],
  options: Map<number, OptionChoice>,
  itemSets: OptionSet[],
): OptionChoice[] {
  const invalid = () =>
    new OrderingError("invalid_options", MESSAGES.invalidOptions, { MenuItemId: item.menuItemId });
  if (new Set(item.optionSetItemIds).size !== item.optionSetItemIds.length) throw invalid();
  const chosen = item.optionSetItemIds.map((id) => {
    const option = options.get(id);
    if (!option || option.set.menuItemId !== item.menuItemId) throw invalid();
    return option;
  });
  const counts = new Map<number, number>();
  for (const option of chosen) counts.set(option.set.id, (counts.get(option.set.id) ?? 0) + 1);
  for (const set of itemSets) {
    const count = counts.get(set.id) ?? 0;
    if (count < set.minSelectCount || count > set.maxSelectCount) throw invalid();
  }
  return chosen;
}

/**
 * The voucher of a basket: the code given (refused with its reason when it does not apply), else
 * the automatic voucher when its five conditions hold. A code replaces the automatic voucher,
 * they never add up.
 */
async function applicableVoucher(
  context: OrderingContext,
  input: BasketInput,
  subtotalCents: number,
): Promise<AppliedVoucher | null> {
  const voucherContext = { subtotalCents, mode: input.mode, now: context.now };
  if (input.voucherCode !== undefined && input.voucherCode.trim() !== "") {
    const found = await voucherForCode(
      context.db,
      context.whiteLabel,
      input.voucherCode,
      voucherContext,
    );
    return { ...found, automatic: false };
  }
  const automatic = await automaticVoucher(context.db, context.whiteLabel, voucherContext);
  return automatic ? { ...automatic, automatic: true } : null;
}

/** A priced basket in the API's shape (the answer of `POST /Order/Order`), named like an order. */
export function basketView(basket: PricedBasket) {
  return {
    StoreId: basket.store.id,
    PhysicalRestaurantId: basket.store.physicalRestaurantId,
    Mode: basket.mode,
    DeliveryType: basket.mode === 1 ? "Delivery" : "Pickup",
    DeliverySlotKey: basket.slot?.key ?? null,
    OrderItems: basket.lines.map(orderItemView),
    Voucher: basket.voucher
      ? {
          VoucherId: basket.voucher.voucher.id,
          Code: basket.voucher.voucher.code,
          Description: basket.voucher.voucher.description,
          IsAutomatic: basket.voucher.automatic,
          Amount: euros(basket.totals.discountCents),
        }
      : null,
    OrderItemsAmount: euros(basket.totals.subtotalCents),
    ServiceChargeAmount: euros(basket.totals.serviceFeeCents),
    DeliveryAmount: euros(basket.totals.deliveryFeeCents),
    Amount: euros(basket.totals.totalCents),
    // This service's own field: what titres-restaurant may pay of the basket.
    MealVoucherEligibleAmount: euros(basket.mealVoucherEligibleCents),
    Currency: "EUR",
  };
}
