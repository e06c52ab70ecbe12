import type { CartView } from "#app/lib/cart/cart.ts";
import { CART_USER_ERRORS_FRAGMENT } from "#app/lib/fragments.ts";
import type { DeliveryAddress, OrderModeState } from "#app/lib/order-mode/order-mode.ts";
import type { CartUserErrorFieldsFragment } from "#app/lib/storefront.generated.ts";
import {
  type StorefrontDocument,
  storefrontQuery,
  type TypedDocument,
} from "#app/lib/storefront.server.ts";

/**
 * The grocery checkout preparation (storefront.md §7), used by POST /order/checkout/
 * (app/routes/order/order-checkout.tsx): the cart gets the order mode's attributes, the cart form's
 * note and codes, and one selected delivery address; its `checkoutUrl` is then the hosted
 * checkout's.
 */

export const CHECKOUT_MESSAGES = {
  emptyCart: "Votre panier est vide.",
  /** storefront.md §8. */
  cartNotFound: "Panier introuvable",
  failed: "Le paiement n'a pas pu être préparé. Réessayez dans un instant.",
} as const;

/** The ordering flow a restauration cart goes to. */
export const RESTAURATION_CHECKOUT_PATH = "/order/";

/** Cart attribute keys written from the order-mode cookies. */
export const ORDER_ATTRIBUTE_KEYS = [
  "mode",
  "deliverySlot",
  "slotDay",
  "deliveryLocationId",
  "pickupLocationId",
  "preOrder",
  "isProvince",
  "isWrap",
] as const;

type Attribute = { key: string; value: string };

/** The cart's attributes with the order mode's copied over them (an empty value removes one). */
export function checkoutAttributes(cart: CartView, state: OrderModeState): Attribute[] {
  const own = cart.attributes.filter(
    (a) => !(ORDER_ATTRIBUTE_KEYS as readonly string[]).includes(a.key) && a.value !== "",
  );
  const order: Attribute[] = [
    { key: "mode", value: state.mode === 0 ? "" : String(state.mode) },
    { key: "deliverySlot", value: state.deliverySlot?.slot ?? "" },
    { key: "slotDay", value: state.deliverySlot?.day ?? "" },
    {
      key: "deliveryLocationId",
      value: state.mode === 1 && state.deliveryLocationId ? String(state.deliveryLocationId) : "",
    },
    {
      key: "pickupLocationId",
      value: state.mode === 2 && state.pickupLocationId ? String(state.pickupLocationId) : "",
    },
    { key: "preOrder", value: String(state.preOrder) },
    { key: "isProvince", value: String(state.isProvince) },
    { key: "isWrap", value: String(state.isWrap) },
  ];
  // Keys the cart holds but the mode leaves empty are sent empty, which removes them.
  const held = new Set(cart.attributes.map((a) => a.key));
  return [...own, ...order.filter((a) => a.value !== "" || held.has(a.key))];
}

export type CheckoutAddress = {
  address1: string;
  address2?: string;
  zip: string;
  city: string;
  countryCode: "FR";
  firstName?: string;
  lastName?: string;
  phone?: string;
};

const formText = (form: FormData, name: string, max = 200) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
};

/**
 * The address to add: the cart form's when it has a line, a zip and a city, else the order mode's
 * delivery address (mode 1); null when neither is complete (nothing is added, storefront.md §5).
 */
export function checkoutAddress(form: FormData, state: OrderModeState): CheckoutAddress | null {
  const named = {
    firstName: formText(form, "firstName") || undefined,
    lastName: formText(form, "lastName") || undefined,
    phone: formText(form, "phone", 40) || undefined,
  };
  const fromForm = {
    address1: formText(form, "address1"),
    address2: formText(form, "address2") || undefined,
    zip: formText(form, "zip", 10),
    city: formText(form, "city", 100),
  };
  if (fromForm.address1 && fromForm.zip && fromForm.city) {
    return { ...fromForm, countryCode: "FR", ...named };
  }
  const stored: DeliveryAddress | null = state.mode === 1 ? state.deliveryAddress : null;
  if (stored) {
    return {
      address1: stored.address,
      zip: stored.postcode,
      city: stored.city,
      countryCode: "FR",
      ...named,
    };
  }
  return null;
}

/** What each preparation mutation answers: its user errors (the cart's id is not needed). */
type Payload = { userErrors: CartUserErrorFieldsFragment[] } | null;

export class PreparationError extends Error {}

async function mutate<Result, Variables>(
  document: TypedDocument<Result, Variables>,
  payloadOf: (data: Result) => Payload,
  variables: NoInfer<Variables>,
) {
  const [error] = payloadOf(await storefrontQuery(document, variables))?.userErrors ?? [];
  if (error) throw new PreparationError(error.message);
}

const ATTRIBUTES = `#graphql
  mutation CheckoutAttributes($cartId: ID!, $attributes: [AttributeInput!]!) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {
      cart { id }
      userErrors { ...CartUserErrorFields }
    }
  }
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"CheckoutAttributes">;
const NOTE = `#graphql
  mutation CheckoutNote($cartId: ID!, $note: String!) {
    cartNoteUpdate(cartId: $cartId, note: $note) {
      cart { id }
      userErrors { ...CartUserErrorFields }
    }
  }
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"CheckoutNote">;
const CODES = `#graphql
  mutation CheckoutCodes($cartId: ID!, $discountCodes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
      cart { id }
      userErrors { ...CartUserErrorFields }
    }
  }
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"CheckoutCodes">;
const ADDRESSES = `#graphql
  query CheckoutAddresses($id: ID!) {
    cart(id: $id) {
      id
      checkoutUrl
      delivery { addresses { id } }
    }
  }
` as StorefrontDocument<"CheckoutAddresses">;
const REMOVE_ADDRESSES = `#graphql
  mutation CheckoutRemoveAddresses($cartId: ID!, $addressIds: [ID!]!) {
    cartDeliveryAddressesRemove(cartId: $cartId, addressIds: $addressIds) {
      cart { id }
      userErrors { ...CartUserErrorFields }
    }
  }
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"CheckoutRemoveAddresses">;
const ADD_ADDRESS = `#graphql
  mutation CheckoutAddAddress($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
    cartDeliveryAddressesAdd(cartId: $cartId, addresses: $addresses) {
      cart { id }
      userErrors { ...CartUserErrorFields }
    }
  }
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"CheckoutAddAddress">;

/**
 * Steps 3–7 on a grocery cart: the hosted checkout's URL once the cart carries the order mode,
 * the form's note and codes and one selected delivery address.
 */
export async function prepareCheckout(
  cart: CartView,
  form: FormData,
  state: OrderModeState,
): Promise<string> {
  const cartId = cart.id;
  await mutate(ATTRIBUTES, (data) => data.cartAttributesUpdate, {
    cartId,
    attributes: checkoutAttributes(cart, state),
  });
  if (form.has("note")) {
    const note = formText(form, "note", 5000);
    if (note !== cart.note) await mutate(NOTE, (data) => data.cartNoteUpdate, { cartId, note });
  }
  if (form.has("discountCodes")) {
    const codes = [
      ...new Set(
        form
          .getAll("discountCodes")
          .flatMap((value) => (typeof value === "string" ? value.split(",") : []))
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    await mutate(CODES, (data) => data.cartDiscountCodesUpdate, { cartId, discountCodes: codes });
  }
  const data = await storefrontQuery(ADDRESSES, { id: cartId });
  if (!data.cart) throw new PreparationError(CHECKOUT_MESSAGES.cartNotFound);
  const old = data.cart.delivery.addresses.map((a) => a.id);
  if (old.length > 0) {
    await mutate(REMOVE_ADDRESSES, (data) => data.cartDeliveryAddressesRemove, {
      cartId,
      addressIds: old,
    });
  }
  const address = checkoutAddress(form, state);
  if (address) {
    const { address1, address2, zip, city, countryCode, firstName, lastName, phone } = address;
    await mutate(ADD_ADDRESS, (data) => data.cartDeliveryAddressesAdd, {
      cartId,
      addresses: [
        {
          selected: true,
          address: {
            deliveryAddress: {
              address1,
              address2,
              zip,
              city,
              countryCode,
              firstName,
              lastName,
              phone,
            },
          },
        },
      ],
    });
  } else {
    console.warn("checkout preparation: no complete delivery address, none added");
  }
  return data.cart.checkoutUrl;
}
