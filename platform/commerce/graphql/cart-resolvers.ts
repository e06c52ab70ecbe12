import type { Tx } from "#db/client.ts";
import { type CartCreateInput, createCart } from "#platform/commerce/cart/carts.ts";
import {
  addDeliveryAddresses,
  type BuyerIdentityInput,
  removeDeliveryAddresses,
  replaceDeliveryAddresses,
  type SelectableAddressInput,
  type SelectableAddressUpdate,
  updateAttributes,
  updateBuyerIdentity,
  updateDeliveryAddresses,
  updateDiscountCodes,
  updateNote,
} from "#platform/commerce/cart/details.ts";
import {
  addLines,
  type LineInput,
  type LineUpdate,
  removeLines,
  updateLines,
} from "#platform/commerce/cart/lines.ts";
import {
  type CartMetafieldInput,
  deleteCartMetafield,
  setCartMetafields,
} from "#platform/commerce/cart/metafields.ts";
import {
  type CartAddressRow,
  type CartChange,
  type CartRow,
  type CartUserError,
  cartAddressGid,
  cartGid,
  findCart,
  withLockedCart,
} from "#platform/commerce/cart/records.ts";
import type { CartAttribute } from "#platform/commerce/cart/schema.ts";
import {
  type CartLineView,
  type CartView,
  cartAddresses,
  loadCartView,
} from "#platform/commerce/cart/view.ts";
import { customerById } from "#platform/commerce/customers/tokens.ts";
import type {
  AppliedAutomaticDiscount,
  EvaluatedDiscount,
} from "#platform/commerce/discounts/discounts.ts";
import {
  addGiftCardCodes,
  allocateGiftCards,
  appliedGiftCardGid,
  cartGiftCards,
  removeGiftCards,
  updateGiftCardCodes,
} from "#platform/commerce/gift-cards/gift-cards.ts";
import {
  arrayConnection,
  formatAddress,
  formattedArea,
  pricingValue,
} from "#platform/commerce/graphql/order-resolvers.ts";
import type { PageArgs } from "#platform/commerce/graphql/pagination.ts";
import {
  type CommerceContext,
  metafieldResolvers,
  money,
} from "#platform/commerce/graphql/resolver-support.ts";
import { productsTax } from "#platform/commerce/orders/orders.ts";

/**
 * The priced view of a cart row, computed once per request and cart object: every field of a
 * `Cart` reads it, and a mutation's answer is a fresh row, so it is never stale.
 */
const views = new WeakMap<CartRow, Promise<CartView>>();

export function viewOf(cart: CartRow, ctx: CommerceContext): Promise<CartView> {
  let view = views.get(cart);
  if (!view) {
    view = loadCartView(ctx.db, cart, ctx.now());
    views.set(cart, view);
  }
  return view;
}

/**
 * The hosted checkout of a cart (platform/commerce/checkout), with the shop's trailing slash so
 * the server's trailing-slash redirect never stands between the shopper and the form.
 */
export function checkoutUrl(origin: string, cart: Pick<CartRow, "token" | "secretKey">): string {
  return `${origin}/checkout/${cart.token}/?key=${cart.secretKey}`;
}

function cartDiscountApplication(discount: { kind: string; value: number }) {
  return {
    allocationMethod: "ACROSS",
    targetSelection: "ALL",
    targetType: "LINE_ITEM",
    value: pricingValue(discount),
  };
}

function codeAllocation(discount: EvaluatedDiscount, amountCents: number) {
  return {
    __typename: "CartCodeDiscountAllocation",
    code: discount.code,
    discountApplication: cartDiscountApplication(discount),
    discountedAmount: money(amountCents),
    targetType: "LINE_ITEM",
  };
}

function automaticAllocation(discount: AppliedAutomaticDiscount, amountCents: number) {
  return {
    __typename: "CartAutomaticDiscountAllocation",
    title: discount.title,
    discountApplication: cartDiscountApplication(discount),
    discountedAmount: money(amountCents),
    targetType: "LINE_ITEM",
  };
}

/** The cart's discount allocations: its applied codes, else its automatic discount. */
function cartAllocations(view: CartView) {
  const codes = view.appliedDiscounts.map((discount) =>
    codeAllocation(discount, discount.amountCents),
  );
  const automatic = view.automaticDiscount;
  return automatic ? [...codes, automaticAllocation(automatic, automatic.amountCents)] : codes;
}

/** A line's share of the cart's discount (spread `ACROSS`), as one allocation. */
function lineAllocations(view: CartView, line: CartLineView) {
  if (line.discountCents <= 0) return [];
  const code = view.appliedDiscounts[0];
  if (code) return [codeAllocation(code, line.discountCents)];
  return view.automaticDiscount
    ? [automaticAllocation(view.automaticDiscount, line.discountCents)]
    : [];
}

type LineNode = CartLineView & { view: CartView };

const attributeOf = (attributes: CartAttribute[], key: string) =>
  attributes.find((attribute) => attribute.key === key) ?? null;

/**
 * A mutation's payload: the cart afterwards (null when unknown or when creation failed) and, as
 * Shopify's `warnings`, why each of its discount codes does not apply (unknown, expired, minimum
 * not reached, not combinable), in French, targeting the cart.
 */
async function payload(change: CartChange, ctx: CommerceContext) {
  const cart = change.cart;
  const warnings = cart
    ? (await viewOf(cart, ctx)).discountCodes.flatMap((discount) =>
        discount.warning
          ? [
              {
                code: discount.warning.code,
                message: discount.warning.message,
                target: cartGid(cart),
              },
            ]
          : [],
      )
    : [];
  return { cart, userErrors: change.userErrors, warnings };
}

type Change = (tx: Tx, cart: CartRow) => Promise<CartUserError[]>;

export async function mutate(ctx: CommerceContext, cartId: string, change: Change) {
  return payload(await withLockedCart(ctx.db, cartId, ctx.now(), change), ctx);
}

/** Resolvers of cart.graphql: carts, lines, discount codes, buyer identity, delivery addresses. */
export function createCartResolvers() {
  return {
    // A bundle line would carry its components; the shop sells none, so every line is a CartLine.
    BaseCartLine: {
      __resolveType: (line: object) =>
        "lineComponents" in line ? "ComponentizableCartLine" : "CartLine",
    },
    Merchandise: { __resolveType: () => "ProductVariant" },
    CartAddress: { __resolveType: () => "CartDeliveryAddress" },
    CartDiscountAllocation: { __resolveType: (node: { __typename: string }) => node.__typename },

    QueryRoot: {
      // A completed cart has become an order: like Shopify, it is no longer found.
      cart: async (_: unknown, args: { id: string }, ctx: CommerceContext) => {
        const cart = await findCart(ctx.db, args.id);
        return cart && !cart.completedAt ? cart : null;
      },
    },

    Mutation: {
      cartCreate: async (
        _: unknown,
        args: { input?: CartCreateInput | null },
        ctx: CommerceContext,
      ) => payload(await createCart(ctx.db, args.input ?? {}, ctx.now()), ctx),
      cartLinesAdd: (
        _: unknown,
        args: { cartId: string; lines: LineInput[] },
        ctx: CommerceContext,
      ) => mutate(ctx, args.cartId, (tx, cart) => addLines(tx, cart, args.lines)),
      cartLinesUpdate: (
        _: unknown,
        args: { cartId: string; lines: LineUpdate[] },
        ctx: CommerceContext,
      ) => mutate(ctx, args.cartId, (tx, cart) => updateLines(tx, cart, args.lines)),
      cartLinesRemove: (
        _: unknown,
        args: { cartId: string; lineIds: string[] },
        ctx: CommerceContext,
      ) => mutate(ctx, args.cartId, (tx, cart) => removeLines(tx, cart, args.lineIds)),
      cartAttributesUpdate: (
        _: unknown,
        args: { cartId: string; attributes: CartAttribute[] },
        ctx: CommerceContext,
      ) => mutate(ctx, args.cartId, (tx, cart) => updateAttributes(tx, cart, args.attributes)),
      cartNoteUpdate: (_: unknown, args: { cartId: string; note: string }, ctx: CommerceContext) =>
        mutate(ctx, args.cartId, (tx, cart) => updateNote(tx, cart, args.note)),
      cartDiscountCodesUpdate: (
        _: unknown,
        args: { cartId: string; discountCodes: string[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) => updateDiscountCodes(tx, cart, args.discountCodes)),
      cartGiftCardCodesAdd: (
        _: unknown,
        args: { cartId: string; giftCardCodes: string[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) =>
          addGiftCardCodes(tx, cart, args.giftCardCodes, ctx.now()),
        ),
      cartGiftCardCodesUpdate: (
        _: unknown,
        args: { cartId: string; giftCardCodes: string[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) =>
          updateGiftCardCodes(tx, cart, args.giftCardCodes, ctx.now()),
        ),
      cartGiftCardCodesRemove: (
        _: unknown,
        args: { cartId: string; appliedGiftCardIds: string[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) => removeGiftCards(tx, cart, args.appliedGiftCardIds)),
      cartBuyerIdentityUpdate: (
        _: unknown,
        args: { cartId: string; buyerIdentity: BuyerIdentityInput },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) =>
          updateBuyerIdentity(tx, cart, args.buyerIdentity, ctx.now()),
        ),
      cartDeliveryAddressesAdd: (
        _: unknown,
        args: { cartId: string; addresses: SelectableAddressInput[] },
        ctx: CommerceContext,
      ) => mutate(ctx, args.cartId, (tx, cart) => addDeliveryAddresses(tx, cart, args.addresses)),
      cartDeliveryAddressesRemove: (
        _: unknown,
        args: { cartId: string; addressIds: string[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) => removeDeliveryAddresses(tx, cart, args.addressIds)),
      cartMetafieldsSet: (
        _: unknown,
        args: { metafields: CartMetafieldInput[] },
        ctx: CommerceContext,
      ) => setCartMetafields(ctx.db, args.metafields, ctx.now()),
      cartMetafieldDelete: (
        _: unknown,
        args: { input: { ownerId: string; key: string } },
        ctx: CommerceContext,
      ) => deleteCartMetafield(ctx.db, args.input),
      cartDeliveryAddressesReplace: (
        _: unknown,
        args: { cartId: string; addresses: SelectableAddressInput[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) => replaceDeliveryAddresses(tx, cart, args.addresses)),
      cartDeliveryAddressesUpdate: (
        _: unknown,
        args: { cartId: string; addresses: SelectableAddressUpdate[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) => updateDeliveryAddresses(tx, cart, args.addresses)),
    },

    Cart: {
      id: (cart: CartRow) => cartGid(cart),
      checkoutUrl: (cart: CartRow, _: unknown, ctx: CommerceContext) =>
        checkoutUrl(ctx.origin, cart),
      attribute: (cart: CartRow, args: { key: string }) => attributeOf(cart.attributes, args.key),
      ...metafieldResolvers("CART"),
      // Each card pays of the cart's total up to its balance, in the order applied; the hosted
      // checkout spreads the order's total (fees included) the same way.
      appliedGiftCards: async (cart: CartRow, _: unknown, ctx: CommerceContext) => {
        const [view, cards] = await Promise.all([
          viewOf(cart, ctx),
          cartGiftCards(ctx.db, cart.id),
        ]);
        return allocateGiftCards(cards, view.totalCents, ctx.now()).uses.map((use) => ({
          id: appliedGiftCardGid(use.card),
          lastCharacters: use.card.lastCharacters,
          amountUsed: money(use.amountUsedCents),
          presentmentAmountUsed: money(use.amountUsedCents),
          balance: money(use.card.balanceCents),
        }));
      },
      buyerIdentity: (cart: CartRow) => ({
        email: cart.buyerEmail,
        phone: cart.buyerPhone,
        countryCode: cart.buyerCountryCode,
        customerId: cart.customerId,
      }),
      cost: async (cart: CartRow, _: unknown, ctx: CommerceContext) => {
        const view = await viewOf(cart, ctx);
        return {
          subtotalAmount: money(view.subtotalCents),
          subtotalAmountEstimated: false,
          totalAmount: money(view.totalCents),
          totalAmountEstimated: false,
          checkoutChargeAmount: money(view.totalCents),
          totalTaxAmount: money(productsTax(view.lines)),
          totalTaxAmountEstimated: false,
          totalDutyAmount: null,
          totalDutyAmountEstimated: false,
        };
      },
      delivery: (cart: CartRow, _: unknown, ctx: CommerceContext) => cartAddresses(ctx.db, cart.id),
      discountAllocations: async (cart: CartRow, _: unknown, ctx: CommerceContext) =>
        cartAllocations(await viewOf(cart, ctx)),
      discountCodes: async (cart: CartRow, _: unknown, ctx: CommerceContext) =>
        (await viewOf(cart, ctx)).discountCodes.map(({ code, applicable }) => ({
          code,
          applicable,
        })),
      lines: async (cart: CartRow, args: PageArgs, ctx: CommerceContext) => {
        const view = await viewOf(cart, ctx);
        const nodes: LineNode[] = view.lines.map((line) => ({ ...line, view }));
        return arrayConnection(nodes, args);
      },
      totalQuantity: async (cart: CartRow, _: unknown, ctx: CommerceContext) =>
        (await viewOf(cart, ctx)).totalQuantity,
    },

    CartBuyerIdentity: {
      // Only to the shop's server (private token): a cart id travels in a browser cookie, and
      // whoever holds one must not read the account of the customer who signed in on it.
      customer: async (
        identity: { customerId: number | null },
        _: unknown,
        ctx: CommerceContext,
      ) =>
        identity.customerId === null || !ctx.privateAccess
          ? null
          : ((await customerById(ctx.db, identity.customerId)) ?? null),
    },

    CartDelivery: {
      addresses: (addresses: CartAddressRow[], args: { selected?: boolean | null }) =>
        addresses.filter((address) => !args.selected || address.selected),
    },

    CartSelectableAddress: {
      id: (address: CartAddressRow) => cartAddressGid(address),
      address: (address: CartAddressRow) => address,
    },

    CartDeliveryAddress: {
      name: (address: CartAddressRow) =>
        [address.firstName, address.lastName].filter(Boolean).join(" ") || null,
      formatted: (
        address: CartAddressRow,
        args: { withName?: boolean | null; withCompany?: boolean | null },
      ) => formatAddress(address, args),
      formattedArea: (address: CartAddressRow) => formattedArea(address),
    },

    CartLine: {
      id: (line: LineNode) => line.gid,
      attribute: (line: LineNode, args: { key: string }) => attributeOf(line.attributes, args.key),
      instructions: () => ({ canRemove: true, canUpdateQuantity: true }),
      merchandise: (line: LineNode) => line.variant,
      parentRelationship: () => null,
      cost: (line: LineNode) => ({
        amountPerQuantity: money(line.unitCents),
        compareAtAmountPerQuantity:
          line.compareAtUnitCents === null ? null : money(line.compareAtUnitCents),
        subtotalAmount: money(line.subtotalCents),
        totalAmount: money(line.totalCents),
      }),
      discountAllocations: (line: LineNode) => lineAllocations(line.view, line),
    },
  };
}
