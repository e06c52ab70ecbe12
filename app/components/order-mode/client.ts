import type { OrderModeState } from "#app/lib/order-mode/order-mode.ts";

/**
 * The browser's calls to the storefront's order-mode routes (app/routes/order-mode*.ts). Each
 * answers the ordering service's shape: `{ Success: true, Data }` or `{ Success: false, Code,
 * UserMessage, Field? }`; a refusal is thrown as an `OrderModeError` with its French message.
 */

export type SlotView = { key: string; isFull: boolean; start: string; end: string };
export type PickupStoreView = { id: number; name: string; address: string };
export type CheckedAddressView = {
  store: {
    id: number;
    name: string;
    deliveryFee: number;
    minimumOrder?: number;
    freeDeliveryOver?: number | null;
  } | null;
  isProvince: boolean;
};

export const NETWORK_MESSAGE = "Connexion impossible. Vérifiez votre réseau et réessayez.";

export class OrderModeError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  constructor(code: string, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

async function answer<T>(request: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new OrderModeError("network", NETWORK_MESSAGE);
  }
  let body: {
    Success?: boolean;
    Data?: unknown;
    Code?: string;
    UserMessage?: string;
    Field?: string;
  };
  try {
    body = await response.json();
  } catch {
    throw new OrderModeError("bad_gateway", NETWORK_MESSAGE);
  }
  if (!response.ok || body.Success !== true) {
    throw new OrderModeError(body.Code ?? "error", body.UserMessage ?? NETWORK_MESSAGE, body.Field);
  }
  return body.Data as T;
}

const JSON_HEADERS = { accept: "application/json" };

export function fetchSlots(location: number, mode: 1 | 2): Promise<SlotView[]> {
  const query = new URLSearchParams({ location: String(location), mode: String(mode) });
  return answer(
    fetch(`/order-mode/slots.json?${query}`, { headers: JSON_HEADERS, cache: "no-store" }),
  );
}

export function fetchPickupStores(): Promise<PickupStoreView[]> {
  return answer(fetch("/order-mode/stores.json", { headers: JSON_HEADERS, cache: "no-store" }));
}

export function checkAddress(fields: Record<string, string>): Promise<CheckedAddressView> {
  const query = new URLSearchParams(fields);
  return answer(
    fetch(`/order-mode/address.json?${query}`, { headers: JSON_HEADERS, cache: "no-store" }),
  );
}

/** Posts the modal's form to POST /order-mode/; the answer sets the cookies. */
export function saveOrderMode(form: FormData): Promise<OrderModeState> {
  return answer(
    fetch("/order-mode/", {
      method: "POST",
      body: form,
      headers: JSON_HEADERS,
      credentials: "same-origin",
    }),
  );
}
