import {
  DELIVERY,
  type DeliveryAddress,
  type OrderMode,
  type OrderModeState,
  orderSlot,
  PICKUP,
} from "#app/lib/order-mode/order-mode.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import { distanceMetres } from "#platform/geo.ts";

/**
 * The storefront's typed client of the ordering service (docs/ordering-api.md): stores, their
 * delivery zones and slots, for the order-mode modal and the slot restore. Every call goes through
 * `serviceFetch("ordering", …)`, which adds the administrative bearer; in-process calls also
 * name the shopper (`X-Comptoir-Shopper-Ip`) for the service's rate limits.
 *
 * Failures follow spec §8 ("wrappers return false or the error response"): a refusal of the
 * service is thrown as an `OrderingServiceError` carrying its own `Code` and French `UserMessage`,
 * so callers answer with the service's error shape.
 */

export const SHOPPER_IP_HEADER = "X-Comptoir-Shopper-Ip";

export type Store = {
  storeId: number;
  /** The id the customer API and the cookies use. */
  physicalRestaurantId: number;
  name: string;
  menuId: number;
  /** Euros, two decimals. */
  deliveryFee: number;
  address: { line1: string; postcode: string; city: string; display: string };
  latitude: number | null;
  longitude: number | null;
  deliveryEnabled: boolean;
  pickupEnabled: boolean;
  phone: string | null;
  /** Opening periods, Paris time: `{ day: "Monday", start: "10:00", end: "20:00" }`. */
  openingHours: OpeningPeriod[];
  /** How long a slot lasts; how long before its start a slot may still be booked (minutes). */
  slotIntervalMinutes: number | null;
  leadTimeMinutes: number | null;
};

export type OpeningPeriod = { day: string; start: string; end: string };

export type DeliveryZone = {
  id: number;
  name: string;
  isEnabled: boolean;
  postcodes: string[];
  radiusMetres: number | null;
  /** Euros: the zone's delivery fee (the store's when the zone has none of its own). */
  deliveryFee: number;
  /** Euros: a delivery basket below this is refused; 0: no minimum. */
  minimumOrder: number;
  /** Euros: delivery is free from this subtotal on; null: never free. */
  freeDeliveryOver: number | null;
};

export type Slot = {
  /** `YYYY-MM-DD HH:MM-HH:MM`, Paris time. */
  key: string;
  isFull: boolean;
  /** ISO 8601 UTC. */
  start: string;
  end: string;
};

export class OrderingServiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly userMessage: string;
  constructor(status: number, code: string, userMessage: string) {
    super(`ordering service: ${status} ${code}`);
    this.status = status;
    this.code = code;
    this.userMessage = userMessage;
  }
}

export const UNAVAILABLE_MESSAGE =
  "Le service de commande est momentanément indisponible. Réessayez dans un instant.";

type CallOptions = { shopperIp?: string };

type Envelope = {
  Success?: boolean;
  Data?: unknown;
  Code?: string;
  UserMessage?: string;
};

async function call(path: string, options: CallOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.shopperIp) headers[SHOPPER_IP_HEADER] = options.shopperIp;
  let response: Response;
  try {
    response = await serviceFetch("ordering", `/ordering${path}`, { headers });
  } catch {
    throw new OrderingServiceError(503, "unavailable", UNAVAILABLE_MESSAGE);
  }
  let body: Envelope;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    throw new OrderingServiceError(502, "bad_gateway", UNAVAILABLE_MESSAGE);
  }
  // An error field set in a response counts as failure (spec §5).
  if (!response.ok || body.Success === false || body.Code !== undefined) {
    throw new OrderingServiceError(
      response.ok ? 502 : response.status,
      body.Code ?? "error",
      body.UserMessage ?? UNAVAILABLE_MESSAGE,
    );
  }
  return body.Data;
}

type Raw = Record<string, unknown>;
const record = (value: unknown): Raw =>
  typeof value === "object" && value !== null ? (value as Raw) : {};
const str = (value: unknown) => (typeof value === "string" ? value : "");
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const numOrNull = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

function toStore(value: unknown): Store {
  const raw = record(value);
  const address = record(raw.Address);
  const coordinates = record(address.Coordinates);
  return {
    storeId: num(raw.StoreId),
    physicalRestaurantId: num(raw.PhysicalRestaurantId),
    name: str(raw.Name),
    menuId: num(raw.MenuId),
    deliveryFee: num(raw.DeliveryFee),
    address: {
      line1: str(address.Line1),
      postcode: str(address.Postcode),
      city: str(address.City),
      display: str(address.DisplayString),
    },
    latitude: numOrNull(coordinates.Latitude),
    longitude: numOrNull(coordinates.Longitude),
    deliveryEnabled: raw.DeliveryEnabled === true,
    pickupEnabled: raw.PickupEnabled === true,
    phone: str(raw.PhoneNumber) || null,
    openingHours: Array.isArray(raw.OpeningHours)
      ? raw.OpeningHours.map(record).map((period) => ({
          day: str(period.DayOfWeek),
          start: str(period.StartTime),
          end: str(period.EndTime),
        }))
      : [],
    slotIntervalMinutes: numOrNull(raw.SlotIntervalMinutes),
    leadTimeMinutes: numOrNull(raw.LeadTimeMinutes),
  };
}

function toZone(value: unknown): DeliveryZone {
  const raw = record(value);
  return {
    id: num(raw.Id),
    name: str(raw.Name),
    isEnabled: raw.IsEnabled === true,
    postcodes: Array.isArray(raw.Postcodes)
      ? raw.Postcodes.filter((p) => typeof p === "string")
      : [],
    radiusMetres: numOrNull(raw.RadiusMetres),
    deliveryFee: num(raw.DeliveryFee),
    minimumOrder: num(raw.MinimumDeliveryOrderAmount),
    freeDeliveryOver: numOrNull(raw.FreeDeliveryOverAmount),
  };
}

/** Every store of the service (administrative API), in id order. */
export async function listStores(options: CallOptions = {}): Promise<Store[]> {
  const data = await call("/api/v1.0/stores", options);
  return Array.isArray(data) ? data.map(toStore) : [];
}

/** One store by its PhysicalRestaurantId, with its delivery zone (the first enabled one). */
export async function storeDetails(
  physicalRestaurantId: number,
  options: CallOptions = {},
): Promise<{ store: Store; zone: DeliveryZone | null }> {
  const data = record(
    await call(`/Restaurant/DeliveryRestaurantDetails/${physicalRestaurantId}`, options),
  );
  return {
    store: toStore(data),
    zone: data.DeliveryZone ? toZone(data.DeliveryZone) : null,
  };
}

/** A store's delivery zone: the first enabled zone of the administrative list (spec §7). */
export async function deliveryZone(
  storeId: number,
  options: CallOptions = {},
): Promise<DeliveryZone | null> {
  const data = await call(`/api/v1.0/stores/${storeId}/deliveryzones`, options);
  const zones = Array.isArray(data) ? data.map(toZone) : [];
  return zones.find((zone) => zone.isEnabled) ?? null;
}

/** The slots a store offers now for a mode, in time order (full ones included, flagged). */
export async function deliverySlots(
  physicalRestaurantId: number,
  mode: Exclude<OrderMode, 0>,
  options: CallOptions = {},
): Promise<Slot[]> {
  const data = await call(
    `/Restaurant/DeliverySlots/${physicalRestaurantId}?deliveryType=${mode}`,
    options,
  );
  if (!Array.isArray(data)) return [];
  return data.map((value) => {
    const raw = record(value);
    return {
      key: str(raw.Key),
      isFull: raw.IsFull === true,
      start: str(raw.StartTime),
      end: str(raw.EndTime),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Address check

/** Île-de-France departments: an address elsewhere in France is a province address. */
const ILE_DE_FRANCE = new Set(["75", "77", "78", "91", "92", "93", "94", "95"]);

/** A French postcode: five digits (spaces tolerated). */
export function normalisePostcode(postcode: string): string | null {
  const compact = postcode.replace(/\s/g, "");
  return /^\d{5}$/.test(compact) ? compact : null;
}

/** Whether a postcode lies outside Île-de-France (sets the `isProvince` cookie). */
export function isProvincePostcode(postcode: string): boolean {
  return !ILE_DE_FRANCE.has(postcode.slice(0, 2));
}

/** Whether a zone delivers an address: its postcode, or its coordinates within the radius. */
export function zoneCovers(zone: DeliveryZone, store: Store, address: DeliveryAddress): boolean {
  if (!zone.isEnabled) return false;
  const postcode = normalisePostcode(address.postcode);
  if (postcode && zone.postcodes.includes(postcode)) return true;
  if (
    zone.radiusMetres === null ||
    store.latitude === null ||
    store.longitude === null ||
    address.latitude === undefined ||
    address.longitude === undefined
  ) {
    return false;
  }
  return (
    distanceMetres(store.latitude, store.longitude, address.latitude, address.longitude) <=
    zone.radiusMetres
  );
}

export type AddressCheck =
  | { ok: true; store: Store; zone: DeliveryZone; isProvince: false }
  | { ok: false; isProvince: boolean };

/**
 * The store delivering an address: the first delivering store whose first enabled zone covers
 * it. A province address (outside Île-de-France) is never in a zone: `isProvince` tells it.
 */
export async function checkDeliveryAddress(
  address: DeliveryAddress,
  options: CallOptions = {},
): Promise<AddressCheck> {
  const postcode = normalisePostcode(address.postcode);
  const isProvince = postcode !== null && isProvincePostcode(postcode);
  const stores = (await listStores(options)).filter((store) => store.deliveryEnabled);
  for (const store of stores) {
    const zone = await deliveryZone(store.storeId, options);
    if (zone && zoneCovers(zone, store, address)) {
      return { ok: true, store, zone, isProvince: false };
    }
  }
  return { ok: false, isProvince };
}

// ---------------------------------------------------------------------------------------------
// Answers of the storefront's own order-mode routes, in the ordering service's shape

/** `{ Success: true, Data }`, never cached (per-visitor, time-dependent). */
export function orderingJson(data: unknown, init: { headers?: Headers } = {}): Response {
  const headers = init.headers ?? new Headers();
  headers.set("Cache-Control", "private, no-store");
  return Response.json({ Success: true, Data: data }, { headers });
}

/** `{ Success: false, Code, UserMessage, …details }` with its status, never cached. */
export function orderingRefusal(
  status: number,
  code: string,
  userMessage: string,
  details: Record<string, unknown> = {},
): Response {
  return Response.json(
    { Success: false, Code: code, UserMessage: userMessage, ...details },
    { status, headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The refusal answering a thrown error: the service's own, else a 503. */
export function orderingErrorResponse(error: unknown): Response {
  if (error instanceof OrderingServiceError) {
    return orderingRefusal(error.status, error.code, error.userMessage);
  }
  return orderingRefusal(503, "unavailable", UNAVAILABLE_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// The order-mode modal's checks (POST /order-mode/ and its resource routes)

export const ORDER_MODE_MESSAGES = {
  address: "Saisissez votre adresse.",
  postcode: "Saisissez un code postal à 5 chiffres.",
  city: "Saisissez votre ville.",
  tooLong: "Ce champ est trop long.",
  outsideZone:
    "Nous ne livrons pas encore cette adresse. Choisissez le retrait en magasin ou une autre adresse.",
  provinceRestauration:
    "Les plats traiteur sont livrés à Paris uniquement. Choisissez le retrait en magasin.",
  mode: "Choisissez la livraison ou le retrait en magasin.",
  store: "Choisissez un magasin.",
  unknownStore: "Ce magasin n'existe pas.",
  noPickup: "Ce magasin ne propose pas le retrait.",
  slot: "Choisissez un créneau.",
  slotUnavailable: "Ce créneau n'est plus disponible. Choisissez-en un autre.",
  slotFull: "Ce créneau est complet. Choisissez-en un autre.",
  noModeYet: "Choisissez d'abord la livraison ou le retrait en magasin.",
} as const;

/** The shopper's address for the ordering service's rate limits, when the server knows it. */
export function shopperIpOf(
  context: Readonly<{ get: (key: never) => unknown }>,
): string | undefined {
  try {
    return (
      context as unknown as { get: (key: typeof serverContext) => { clientIp?: string } }
    ).get(serverContext).clientIp;
  } catch {
    return undefined;
  }
}

type Fields = { get: (name: string) => FormDataEntryValue | string | null };

function field(fields: Fields, name: string): string {
  const value = fields.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** The delivery address fields of a form or query, checked for presence and shape. */
export function readAddressFields(
  fields: Fields,
): { ok: true; address: DeliveryAddress } | { ok: false; refusal: Response } {
  const address = field(fields, "address");
  const postcodeText = field(fields, "postcode");
  const city = field(fields, "city");
  const instructions = field(fields, "instructions");
  const refuse = (name: string, message: string) => ({
    ok: false as const,
    refusal: orderingRefusal(400, "invalid_address", message, { Field: name }),
  });
  if (address === "") return refuse("address", ORDER_MODE_MESSAGES.address);
  if (address.length > 200) return refuse("address", ORDER_MODE_MESSAGES.tooLong);
  const postcode = normalisePostcode(postcodeText);
  if (postcode === null) return refuse("postcode", ORDER_MODE_MESSAGES.postcode);
  if (city === "") return refuse("city", ORDER_MODE_MESSAGES.city);
  if (city.length > 100) return refuse("city", ORDER_MODE_MESSAGES.tooLong);
  if (instructions.length > 500) return refuse("instructions", ORDER_MODE_MESSAGES.tooLong);
  const result: DeliveryAddress = { address, postcode, city };
  if (instructions !== "") result.instructions = instructions;
  return { ok: true, address: result };
}

export type CheckedAddress = {
  /** Euros: the fee, minimum order and free-delivery threshold of the zone covering the address. */
  store: {
    id: number;
    name: string;
    deliveryFee: number;
    minimumOrder: number;
    freeDeliveryOver: number | null;
  } | null;
  isProvince: boolean;
};

/**
 * The store delivering an address, or a province address (no store: shipped, grocery only), or
 * the refusal: outside every zone in Île-de-France, or a province address for restauration.
 */
export async function checkAddress(
  address: DeliveryAddress,
  restauration: boolean,
  options: CallOptions,
): Promise<({ ok: true } & CheckedAddress) | { ok: false; refusal: Response }> {
  const checked = await checkDeliveryAddress(address, options);
  if (checked.ok) {
    const { store, zone } = checked;
    return {
      ok: true,
      store: {
        id: store.physicalRestaurantId,
        name: store.name,
        deliveryFee: zone.deliveryFee,
        minimumOrder: zone.minimumOrder,
        freeDeliveryOver: zone.freeDeliveryOver,
      },
      isProvince: false,
    };
  }
  if (checked.isProvince && !restauration) return { ok: true, store: null, isProvince: true };
  return {
    ok: false,
    refusal: orderingRefusal(
      400,
      "outside_delivery_zone",
      checked.isProvince
        ? ORDER_MODE_MESSAGES.provinceRestauration
        : ORDER_MODE_MESSAGES.outsideZone,
      { Field: "postcode" },
    ),
  };
}

/** The slot `key` of a store and mode if offered now and not full, else the refusal. */
async function checkSlot(
  locationId: number,
  mode: 1 | 2,
  key: string,
  options: CallOptions,
): Promise<{ ok: true; preOrder: boolean } | { ok: false; refusal: Response }> {
  if (key === "") {
    return {
      ok: false,
      refusal: orderingRefusal(400, "bad_request", ORDER_MODE_MESSAGES.slot, { Field: "slot" }),
    };
  }
  const slots = await deliverySlots(locationId, mode, options);
  const slot = slots.find((candidate) => candidate.key === key);
  if (!slot) {
    return {
      ok: false,
      refusal: orderingRefusal(409, "slot_unavailable", ORDER_MODE_MESSAGES.slotUnavailable, {
        Field: "slot",
      }),
    };
  }
  if (slot.isFull) {
    return {
      ok: false,
      refusal: orderingRefusal(409, "slot_full", ORDER_MODE_MESSAGES.slotFull, { Field: "slot" }),
    };
  }
  // A pre-order is one for later than the earliest slot still free.
  const firstFree = slots.find((candidate) => !candidate.isFull);
  return { ok: true, preOrder: firstFree?.key !== key };
}

export type OrderModeOutcome =
  | { ok: true; patch: Partial<OrderModeState> }
  | { ok: false; refusal: Response };

/** The cookies a submitted choice writes, once every value is checked. */
export async function decideOrderMode(
  form: Fields,
  current: OrderModeState,
  options: CallOptions = {},
): Promise<OrderModeOutcome> {
  const intent = field(form, "intent") || "save";
  const slotKey = field(form, "slot");

  if (intent === "slot") {
    const location =
      current.mode === DELIVERY
        ? current.deliveryLocationId
        : current.mode === PICKUP
          ? current.pickupLocationId
          : null;
    if (current.mode === 0 || location === null) {
      return {
        ok: false,
        refusal: orderingRefusal(400, "bad_request", ORDER_MODE_MESSAGES.noModeYet),
      };
    }
    const slot = await checkSlot(location, current.mode, slotKey, options);
    if (!slot.ok) return slot;
    return { ok: true, patch: { deliverySlot: orderSlot(slotKey), preOrder: slot.preOrder } };
  }

  const mode = field(form, "mode");
  const restauration = field(form, "restauration") === "1";
  if (mode === "1") {
    const fields = readAddressFields(form);
    if (!fields.ok) return fields;
    const checked = await checkAddress(fields.address, restauration, options);
    if (!checked.ok) return checked;
    const base: Partial<OrderModeState> = {
      mode: DELIVERY,
      step: 1,
      deliveryAddress: fields.address,
      isProvince: checked.isProvince,
    };
    if (checked.store === null) {
      // A province address: shipped by carrier, no store and no slot.
      return {
        ok: true,
        patch: { ...base, deliveryLocationId: null, deliverySlot: null, preOrder: false },
      };
    }
    const slot = await checkSlot(checked.store.id, DELIVERY, slotKey, options);
    if (!slot.ok) return slot;
    return {
      ok: true,
      patch: {
        ...base,
        deliveryLocationId: checked.store.id,
        deliverySlot: orderSlot(slotKey),
        preOrder: slot.preOrder,
      },
    };
  }
  if (mode === "2") {
    const storeText = field(form, "store");
    if (!/^\d{1,9}$/.test(storeText)) {
      return {
        ok: false,
        refusal: orderingRefusal(400, "bad_request", ORDER_MODE_MESSAGES.store, { Field: "store" }),
      };
    }
    try {
      const { store } = await storeDetails(Number(storeText), options);
      if (!store.pickupEnabled) {
        return {
          ok: false,
          refusal: orderingRefusal(400, "mode_unavailable", ORDER_MODE_MESSAGES.noPickup, {
            Field: "store",
          }),
        };
      }
    } catch (error) {
      if (error instanceof OrderingServiceError && error.code === "not_found") {
        return {
          ok: false,
          refusal: orderingRefusal(404, "not_found", ORDER_MODE_MESSAGES.unknownStore, {
            Field: "store",
          }),
        };
      }
      throw error;
    }
    const location = Number(storeText);
    const slot = await checkSlot(location, PICKUP, slotKey, options);
    if (!slot.ok) return slot;
    return {
      ok: true,
      patch: {
        mode: PICKUP,
        step: 1,
        pickupLocationId: location,
        isProvince: false,
        deliverySlot: orderSlot(slotKey),
        preOrder: slot.preOrder,
      },
    };
  }
  return {
    ok: false,
    refusal: orderingRefusal(400, "bad_request", ORDER_MODE_MESSAGES.mode, { Field: "mode" }),
  };
}
