import type { CartAttribute } from "./schema.ts";

/**
 * A grocery order's gift options (issue 23): gift wrapping and a message for the recipient. They
 * are kept as attributes, on the cart and then on its order, the way a Shopify theme keeps a gift
 * message, so any Storefront API client can set them (`cartAttributesUpdate`) and read them
 * (`Order.customAttributes`). The hosted checkout asks for them and starts from the cart's.
 */
export const GIFT_ATTRIBUTES = { wrap: "gift_wrap", message: "gift_message" } as const;

/** Written by hand on a card: a few lines. */
export const GIFT_MESSAGE_MAX = 250;

export type GiftOptions = { wrap: boolean; message: string | null };

/** The gift options attributes carry; no wrap and no message when they carry none. */
export function giftOptionsOf(
  attributes: readonly { key: string; value?: string | null }[],
): GiftOptions {
  const value = (key: string) => attributes.find((a) => a.key === key)?.value ?? null;
  const message = value(GIFT_ATTRIBUTES.message)?.trim() || null;
  return { wrap: value(GIFT_ATTRIBUTES.wrap) === "true", message };
}

/** Attributes with their gift options replaced by these (none written for no wrap, no message). */
export function withGiftOptions(
  attributes: readonly CartAttribute[],
  options: GiftOptions,
): CartAttribute[] {
  const keys: readonly string[] = Object.values(GIFT_ATTRIBUTES);
  return [
    ...attributes.filter((attribute) => !keys.includes(attribute.key)),
    ...(options.wrap ? [{ key: GIFT_ATTRIBUTES.wrap, value: "true" }] : []),
    ...(options.message ? [{ key: GIFT_ATTRIBUTES.message, value: options.message }] : []),
  ];
}
