/**
 * The order flow's persisted browser values (ordering-and-server.md §3, §9): the chosen mode (1
 * delivery, 2 pickup), the step, the delivery store and address, the pickup store, the pre-order
 * flag, the slot, and the province and gift-wrap flags. Each is a cookie living one day, readable
 * by JavaScript (the client needs them: header label, slot restore, checkout), written by the
 * order-mode modal's server actions or by the client.
 *
 * Pure helpers usable on both sides: parse a `Cookie` header or `document.cookie`, build
 * `Set-Cookie` values, and thin browser wrappers (`readOrderModeFromDocument`,
 * `writeOrderModeToDocument`).
 */

/** Cookie names (spec §3 "Persisted browser values"). `mode` is the header's MODE_COOKIE. */
export const ORDER_COOKIES = {
  mode: "mode",
  step: "step",
  deliveryLocationId: "deliveryLocationId",
  deliveryAddress: "deliveryAddress",
  pickupLocationId: "pickupLocationId",
  preOrder: "preOrder",
  deliverySlot: "deliverySlot",
  isProvince: "isProvince",
  isWrap: "isWrap",
} as const;

export type OrderCookieKey = keyof typeof ORDER_COOKIES;

/** Token, voucher, delivery, step, mode cookies live one day (spec §9: 86400 s). */
export const ORDER_COOKIE_MAX_AGE_SECONDS = 86_400;

/** 0 none, 1 delivery, 2 pickup (spec §1, §3). */
export type OrderMode = 0 | 1 | 2;
export const DELIVERY = 1 as const;
export const PICKUP = 2 as const;

/** A delivery address as the modal collects it and the ordering service's basket takes it. */
export type DeliveryAddress = {
  address: string;
  postcode: string;
  city: string;
  instructions?: string;
  latitude?: number;
  longitude?: number;
};

/** The chosen slot: its key (`YYYY-MM-DD HH:MM-HH:MM`, Paris time) and its day (first word). */
export type OrderSlot = { slot: string; day: string };

export type OrderModeState = {
  mode: OrderMode;
  /** Order flow step, default 1 (spec §3). */
  step: number;
  /** PhysicalRestaurantId of the store delivering the address (mode 1). */
  deliveryLocationId: number | null;
  deliveryAddress: DeliveryAddress | null;
  /** PhysicalRestaurantId of the pickup store (mode 2). */
  pickupLocationId: number | null;
  preOrder: boolean;
  deliverySlot: OrderSlot | null;
  isProvince: boolean;
  isWrap: boolean;
};

export const EMPTY_ORDER_MODE: OrderModeState = {
  mode: 0,
  step: 1,
  deliveryLocationId: null,
  deliveryAddress: null,
  pickupLocationId: null,
  preOrder: false,
  deliverySlot: null,
  isProvince: false,
  isWrap: false,
};

// ---------------------------------------------------------------------------------------------
// Slots

const SLOT_KEY = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** The day of a slot key: its first space-separated word (spec §3). */
export function slotDay(key: string): string {
  return key.split(" ")[0] ?? "";
}

/** A slot key with its day, as stored. */
export function orderSlot(key: string): OrderSlot {
  return { slot: key, day: slotDay(key) };
}

/** Whether a text is a well-formed slot key. */
export function isSlotKey(key: string): boolean {
  return SLOT_KEY.test(key);
}

// ---------------------------------------------------------------------------------------------
// Parsing

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Every cookie of a `Cookie` header or `document.cookie` string, decoded. */
export function parseCookieString(cookies: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    const value = decode(part.slice(eq + 1).trim());
    if (name !== "" && value !== undefined && !map.has(name)) map.set(name, value);
  }
  return map;
}

function parseJson(value: string | undefined): unknown {
  if (value === undefined || value === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function positiveInt(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

function text(value: unknown, max = 200): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A stored delivery address, or null when absent or malformed. */
export function parseDeliveryAddress(value: unknown): DeliveryAddress | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const address = text(record.address);
  const postcode = text(record.postcode, 10);
  const city = text(record.city, 100);
  if (!address || !postcode || !city) return null;
  const result: DeliveryAddress = { address, postcode, city };
  const instructions = text(record.instructions, 500);
  if (instructions) result.instructions = instructions;
  const latitude = finite(record.latitude);
  const longitude = finite(record.longitude);
  if (latitude !== undefined && longitude !== undefined) {
    result.latitude = latitude;
    result.longitude = longitude;
  }
  return result;
}

/** A stored slot: JSON `{slot, day}`, or a bare key (older or hand-written values). */
export function parseOrderSlot(value: string | undefined): OrderSlot | null {
  if (value === undefined || value === "") return null;
  if (isSlotKey(value)) return orderSlot(value);
  const json = parseJson(value);
  if (typeof json !== "object" || json === null) return null;
  const slot = (json as Record<string, unknown>).slot;
  return typeof slot === "string" && isSlotKey(slot) ? orderSlot(slot) : null;
}

function parseMode(value: string | undefined): OrderMode {
  return value === "1" ? 1 : value === "2" ? 2 : 0;
}

/** The order-mode state from a `Cookie` header or `document.cookie` string. */
export function parseOrderMode(cookies: string): OrderModeState {
  const map = parseCookieString(cookies);
  const get = (key: OrderCookieKey) => map.get(ORDER_COOKIES[key]);
  return {
    mode: parseMode(get("mode")),
    step: positiveInt(get("step")) ?? 1,
    deliveryLocationId: positiveInt(get("deliveryLocationId")),
    deliveryAddress: parseDeliveryAddress(parseJson(get("deliveryAddress"))),
    pickupLocationId: positiveInt(get("pickupLocationId")),
    preOrder: get("preOrder") === "true",
    deliverySlot: parseOrderSlot(get("deliverySlot")),
    isProvince: get("isProvince") === "true",
    isWrap: get("isWrap") === "true",
  };
}

/** The order-mode state of a request (server side). */
export function readOrderMode(request: Request): OrderModeState {
  return parseOrderMode(request.headers.get("cookie") ?? "");
}

/** The store the current mode uses: the delivery store in mode 1, the pickup store in mode 2. */
export function currentLocationId(state: OrderModeState): number | null {
  if (state.mode === DELIVERY) return state.deliveryLocationId;
  if (state.mode === PICKUP) return state.pickupLocationId;
  return null;
}

/** Whether a mode, its store and a slot are chosen (and an address in delivery mode). */
export function isOrderModeComplete(state: OrderModeState): boolean {
  if (state.mode === 0 || currentLocationId(state) === null || state.deliverySlot === null) {
    return false;
  }
  return state.mode === PICKUP || state.deliveryAddress !== null;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The raw cookie values of a (partial) state; `null` values mean "delete this cookie". */
export function orderModeCookieValues(
  patch: Partial<OrderModeState>,
): [name: string, value: string | null][] {
  const out: [string, string | null][] = [];
  const put = (key: OrderCookieKey, value: string | null) => out.push([ORDER_COOKIES[key], value]);
  if (patch.mode !== undefined) put("mode", patch.mode === 0 ? null : String(patch.mode));
  if (patch.step !== undefined) put("step", String(patch.step));
  if (patch.deliveryLocationId !== undefined) {
    put(
      "deliveryLocationId",
      patch.deliveryLocationId === null ? null : String(patch.deliveryLocationId),
    );
  }
  if (patch.deliveryAddress !== undefined) {
    put(
      "deliveryAddress",
      patch.deliveryAddress === null ? null : JSON.stringify(patch.deliveryAddress),
    );
  }
  if (patch.pickupLocationId !== undefined) {
    put(
      "pickupLocationId",
      patch.pickupLocationId === null ? null : String(patch.pickupLocationId),
    );
  }
  if (patch.preOrder !== undefined) put("preOrder", String(patch.preOrder));
  if (patch.deliverySlot !== undefined) {
    put("deliverySlot", patch.deliverySlot === null ? null : JSON.stringify(patch.deliverySlot));
  }
  if (patch.isProvince !== undefined) put("isProvince", String(patch.isProvince));
  if (patch.isWrap !== undefined) put("isWrap", String(patch.isWrap));
  return out;
}

function cookieLine(name: string, value: string | null, secure: boolean): string {
  const parts = [
    `${name}=${value === null ? "" : encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${value === null ? 0 : ORDER_COOKIE_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * `Set-Cookie` values for a (partial) state: one day, path /, SameSite=Lax, not HttpOnly (the
 * client reads them). Append each to the response's headers.
 */
export function serializeOrderMode(
  patch: Partial<OrderModeState>,
  options: { secure?: boolean } = {},
): string[] {
  return orderModeCookieValues(patch).map(([name, value]) =>
    cookieLine(name, value, options.secure === true),
  );
}

/** `Set-Cookie` values that delete every order-mode cookie. */
export function clearOrderMode(options: { secure?: boolean } = {}): string[] {
  return Object.values(ORDER_COOKIES).map((name) =>
    cookieLine(name, null, options.secure === true),
  );
}

/** Headers carrying the `Set-Cookie` values of a patch (for `redirect`, `data`, `Response`). */
export function orderModeHeaders(
  patch: Partial<OrderModeState>,
  options: { secure?: boolean; headers?: Headers } = {},
): Headers {
  const headers = options.headers ?? new Headers();
  for (const line of serializeOrderMode(patch, options)) headers.append("Set-Cookie", line);
  return headers;
}

// ---------------------------------------------------------------------------------------------
// Browser

/** The order-mode state of the current page's cookies (client only; empty on the server). */
export function readOrderModeFromDocument(): OrderModeState {
  if (typeof document === "undefined") return { ...EMPTY_ORDER_MODE };
  return parseOrderMode(document.cookie);
}

/** The event fired on `window` after the order-mode cookies change (header label, cart…). */
export const ORDER_MODE_CHANGED_EVENT = "comptoir:order-mode-changed";

/** Writes a (partial) state to the page's cookies and announces the change. */
export function writeOrderModeToDocument(patch: Partial<OrderModeState>): void {
  if (typeof document === "undefined") return;
  const secure = typeof location !== "undefined" && location.protocol === "https:";
  for (const line of serializeOrderMode(patch, { secure })) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
    document.cookie = line;
  }
  if (typeof window !== "undefined") {
    window.dispatchEvent(
      new CustomEvent(ORDER_MODE_CHANGED_EVENT, { detail: readOrderModeFromDocument() }),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Modal options (ordering-and-server.md §2)

/** The event that opens the order-mode modal: `detail` carries the options. */
export const OPEN_ORDER_MODE_EVENT = "comptoir:order-mode";

export type OrderModeOptions = {
  /** Skip the delivery/pickup choice and go straight to the current mode's form. */
  skipChoice?: boolean;
  /** Opened to change an already chosen mode. */
  modeChange?: boolean;
  /** Only choose another slot for the current mode and store. */
  slotOnly?: boolean;
  /** Start on this mode's form (1 delivery, 2 pickup). */
  newMode?: 1 | 2;
  /** Called once the choice is saved. */
  onComplete?: (state: OrderModeState) => void | Promise<void>;
  /** Opened from a side panel (the cart): the panel stays open underneath. */
  fromPanel?: boolean;
  /** Opened because a product's restauration type differs from the cart's: the cart will be emptied. */
  changeRestauration?: boolean;
  /** The restauration type of the product being added. */
  productIsRestauration?: boolean;
};

/** Opens the order-mode modal with options (any component, no import of the modal needed). */
export function openOrderMode(options: OrderModeOptions = {}): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(OPEN_ORDER_MODE_EVENT, { detail: options }));
}
