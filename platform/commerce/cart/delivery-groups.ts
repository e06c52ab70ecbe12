import type { Db, Tx } from "#db/client.ts";
import { updateAttributes } from "#platform/commerce/cart/details.ts";
import {
  type CartAddressRow,
  type CartRow,
  type CartUserError,
  cartError,
} from "#platform/commerce/cart/records.ts";
import type { CartAttribute } from "#platform/commerce/cart/schema.ts";
import { type CartView, loadCartView } from "#platform/commerce/cart/view.ts";
import { checkoutDelivery, DELIVERY_METHODS } from "#platform/commerce/checkout/delivery.ts";
import { cartDeliveryAddress } from "#platform/commerce/checkout/place-order.ts";
import type {
  SlotBookings,
  SlotMode,
  SlotPortOutcome,
  SlotPortStore,
} from "#platform/commerce/slot-port.ts";
import { formatCents } from "#platform/format.ts";

/**
 * Shopify's delivery groups over the shop's order mode (docs/cart.md, "Delivery groups"). The
 * shop sends one order from one store, so a cart has at most one group, holding all its lines.
 * Its options are what the cart's attributes let us price (order-slot.ts names them): delivery
 * from the store the order-mode modal chose for the cart's address (`deliveryLocationId`), at
 * that store's zone's fee, and pickup at the chosen pickup store (`pickupLocationId`, else the
 * delivering store). The selected option is the cart's `mode`. Selecting one writes the mode and
 * store, and keeps the slot only when the new mode can still book it.
 */

export const DELIVERY_GROUP_MESSAGES = {
  unknownGroup: "Ce groupe de livraison n'existe pas dans le panier",
  unknownOption: "Ce mode de livraison n'est pas proposé pour ce panier",
} as const;

export type CartDeliveryOptionView = {
  /** `delivery-<PhysicalRestaurantId>` or `pickup-<PhysicalRestaurantId>`: stable per store. */
  handle: string;
  mode: SlotMode;
  physicalRestaurantId: number;
  title: string;
  /** The order's delivery method code (checkout/delivery.ts): `domicile` or `retrait`. */
  code: string;
  deliveryMethodType: "LOCAL" | "PICK_UP";
  description: string | null;
  costCents: number;
};

/** A `MailingAddress` for the order-resolvers' resolvers: stored fields and a GID. */
export type GroupAddress = {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  zip?: string | null;
  countryCode?: string | null;
  phone?: string | null;
};

export type CartDeliveryGroupView = {
  id: string;
  address: GroupAddress;
  options: CartDeliveryOptionView[];
  selected: CartDeliveryOptionView | null;
};

/** `gid://shopify/CartDeliveryGroup/<cart token>`: the cart's one group. */
export function deliveryGroupGid(cart: Pick<CartRow, "token">): string {
  return `gid://shopify/CartDeliveryGroup/${cart.token}`;
}

/** What the cart's attributes say of its mode, stores and slot, each possibly missing. */
type ModeAttributes = {
  mode: SlotMode | null;
  deliveryStore: number | null;
  pickupStore: number | null;
  slotKey: string | null;
};

function modeAttributes(attributes: readonly CartAttribute[]): ModeAttributes {
  const value = (key: string) => attributes.find((a) => a.key === key)?.value.trim() ?? "";
  const store = (key: string) => {
    const id = Number(value(key));
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  const mode = value("mode");
  return {
    mode: mode === "1" ? 1 : mode === "2" ? 2 : null,
    deliveryStore: store("deliveryLocationId"),
    pickupStore: store("pickupLocationId"),
    slotKey: value("deliverySlot") || null,
  };
}

/** The store when it offers the mode (a passed or unknown slot does not matter here). */
function offeringStore(checked: SlotPortOutcome): SlotPortStore | null {
  if (checked.ok) return checked.store;
  return checked.reason === "mode_unavailable" ? null : checked.store;
}

function deliveryOption(store: SlotPortStore, view: CartView): CartDeliveryOptionView {
  const priced = checkoutDelivery(1, store, view);
  const note =
    priced.refusal ??
    (priced.leftToFree !== null
      ? `Plus que ${formatCents(priced.leftToFree)} pour la livraison offerte.`
      : null);
  return {
    handle: `delivery-${store.physicalRestaurantId}`,
    mode: 1,
    physicalRestaurantId: store.physicalRestaurantId,
    title: DELIVERY_METHODS.domicile.title,
    code: DELIVERY_METHODS.domicile.code,
    deliveryMethodType: "LOCAL",
    description: [`Livré par ${store.name}.`, note].filter(Boolean).join(" "),
    costCents: priced.method.feeCents,
  };
}

function pickupOption(store: SlotPortStore): CartDeliveryOptionView {
  return {
    handle: `pickup-${store.physicalRestaurantId}`,
    mode: 2,
    physicalRestaurantId: store.physicalRestaurantId,
    title: `Retrait en magasin — ${store.name}`,
    code: DELIVERY_METHODS.retrait.code,
    deliveryMethodType: "PICK_UP",
    description: store.address,
    costCents: 0,
  };
}

function cartAddressOf(row: CartAddressRow): GroupAddress {
  return { ...row, id: `gid://shopify/MailingAddress/${row.id}?model_name=CartAddress` };
}

/** The pickup store's address (`<street>, <postcode> <city>`, as the ordering service keeps it) as a mailing address. */
function storeAddressOf(store: SlotPortStore): GroupAddress {
  const match = /^(.*), (\d{5}) (.+)$/.exec(store.address);
  return {
    id: `gid://shopify/MailingAddress/${store.physicalRestaurantId}?model_name=Location`,
    company: store.name,
    address1: match?.[1] ?? store.address,
    zip: match?.[2] ?? null,
    city: match?.[3] ?? null,
    countryCode: "FR",
  };
}

/**
 * The cart's delivery group, or null when it has none: no lines, no store chosen yet (nothing
 * can be priced before the order-mode modal or a storefront names one), or no slot port.
 */
export async function cartDeliveryGroup(
  db: Db | Tx,
  slots: SlotBookings | null,
  view: CartView,
  now: Date,
): Promise<CartDeliveryGroupView | null> {
  if (!slots || view.lines.length === 0) return null;
  const chosen = modeAttributes(view.cart.attributes);
  const slotKey = chosen.slotKey ?? "";
  const address = await cartDeliveryAddress(db, view.cart.id);
  const options: CartDeliveryOptionView[] = [];
  let pickupStore: SlotPortStore | null = null;
  if (chosen.deliveryStore !== null && address) {
    const checked = await slots.check(db, {
      physicalRestaurantId: chosen.deliveryStore,
      mode: 1,
      slotKey,
      now,
    });
    const store = offeringStore(checked);
    if (store) options.push(deliveryOption(store, view));
  }
  const pickupId = chosen.pickupStore ?? chosen.deliveryStore;
  if (pickupId !== null) {
    const checked = await slots.check(db, {
      physicalRestaurantId: pickupId,
      mode: 2,
      slotKey,
      now,
    });
    pickupStore = offeringStore(checked);
    if (pickupStore) options.push(pickupOption(pickupStore));
  }
  const groupAddress = address
    ? cartAddressOf(address)
    : pickupStore
      ? storeAddressOf(pickupStore)
      : null;
  if (options.length === 0 || !groupAddress) return null;
  const selectedStore = chosen.mode === 1 ? chosen.deliveryStore : chosen.pickupStore;
  const selected =
    options.find(
      (option) => option.mode === chosen.mode && option.physicalRestaurantId === selectedStore,
    ) ?? null;
  return { id: deliveryGroupGid(view.cart), address: groupAddress, options, selected };
}

export type SelectedDeliveryOptionInput = {
  deliveryGroupId: string;
  deliveryOptionHandle: string;
};

/**
 * `cartSelectedDeliveryOptionsUpdate`, inside the cart's lock: every selection must name the
 * cart's group and one of its options; the chosen option's mode and store are written, and the
 * slot is kept when the store can still book it in the new mode, else removed so that the
 * storefront (and the hosted checkout) asks for one again. Writes nothing on an error.
 */
export async function selectDeliveryOptions(
  tx: Tx,
  slots: SlotBookings | null,
  cart: CartRow,
  selections: readonly SelectedDeliveryOptionInput[],
  now: Date,
): Promise<CartUserError[]> {
  const group = await cartDeliveryGroup(tx, slots, await loadCartView(tx, cart, now), now);
  const errors: CartUserError[] = [];
  let chosen: CartDeliveryOptionView | null = null;
  for (const [index, selection] of selections.entries()) {
    const field = (name: string) => ["selectedDeliveryOptions", String(index), name];
    if (!group || selection.deliveryGroupId !== group.id) {
      errors.push(
        cartError(
          "INVALID_DELIVERY_GROUP",
          field("deliveryGroupId"),
          DELIVERY_GROUP_MESSAGES.unknownGroup,
        ),
      );
      continue;
    }
    const option = group.options.find((o) => o.handle === selection.deliveryOptionHandle);
    if (!option) {
      errors.push(
        cartError(
          "INVALID_DELIVERY_OPTION",
          field("deliveryOptionHandle"),
          DELIVERY_GROUP_MESSAGES.unknownOption,
        ),
      );
      continue;
    }
    chosen = option;
  }
  if (errors.length > 0 || !chosen || !slots) return errors;

  const slotKey = modeAttributes(cart.attributes).slotKey;
  const slotKept =
    slotKey !== null &&
    (
      await slots.check(tx, {
        physicalRestaurantId: chosen.physicalRestaurantId,
        mode: chosen.mode,
        slotKey,
        now,
      })
    ).ok;
  const changes: CartAttribute[] = [
    { key: "mode", value: String(chosen.mode) },
    {
      key: chosen.mode === 1 ? "deliveryLocationId" : "pickupLocationId",
      value: String(chosen.physicalRestaurantId),
    },
    // An empty value removes the attribute (cartAttributesUpdate's rule).
    ...(slotKept
      ? []
      : [
          { key: "deliverySlot", value: "" },
          { key: "slotDay", value: "" },
        ]),
  ];
  return updateAttributes(tx, cart, changes);
}
