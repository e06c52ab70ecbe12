import type { Db } from "#db/client.ts";
import { countryName } from "#platform/commerce/countries.ts";
import { createLoader } from "#platform/commerce/graphql/loaders.ts";
import { connection, type PageArgs, pageWindow } from "#platform/commerce/graphql/pagination.ts";
import { type CommerceContext, money } from "#platform/commerce/graphql/resolver-support.ts";
import { createResolvers } from "#platform/commerce/graphql/resolvers.ts";
import {
  type OrderLineRow,
  type OrderRow,
  orderByGid,
  orderGid,
  orderLines,
  orderName,
} from "#platform/commerce/orders/orders.ts";
import type { OrderAddress, OrderDiscountApplication } from "#platform/commerce/orders/schema.ts";
import { orderSlotAttributes } from "#platform/commerce/orders/slot.ts";

/** The fields every address we print has (order, customer and cart addresses). */
export type PrintableAddress = {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  zip?: string | null;
  countryCode?: string | null;
};

const fullName = (address: PrintableAddress) =>
  [address.firstName, address.lastName].filter(Boolean).join(" ") || null;

/** Shopify's `formatted` lines, French order: name, company, street, "zip city", country. */
export function formatAddress(
  address: PrintableAddress,
  options: { withName?: boolean | null; withCompany?: boolean | null },
): string[] {
  const lines = [
    options.withName ? fullName(address) : null,
    options.withCompany ? address.company : null,
    address.address1,
    address.address2,
    [address.zip, address.city].filter(Boolean).join(" ") || null,
    countryName(address.countryCode),
  ];
  return lines.filter((line): line is string => Boolean(line));
}

/** Shopify's `formattedArea`: "Paris, France". */
export function formattedArea(address: PrintableAddress): string | null {
  return [address.city, countryName(address.countryCode)].filter(Boolean).join(", ") || null;
}

/**
 * Resolvers of `MailingAddress`, for every source of addresses (orders here, customers in
 * customer-resolvers.ts): objects with the stored fields (`province`, `countryCode`) and an `id`
 * that is either a GID already or a numeric customer address id.
 */
export const mailingAddressResolvers = {
  id: (address: { id: string | number }) =>
    typeof address.id === "number" ? `gid://shopify/MailingAddress/${address.id}` : address.id,
  country: (address: PrintableAddress) => countryName(address.countryCode),
  countryCodeV2: (address: PrintableAddress) => address.countryCode ?? null,
  name: (address: PrintableAddress) => fullName(address),
  provinceCode: () => null,
  formatted: (
    address: PrintableAddress,
    args: { withName?: boolean | null; withCompany?: boolean | null },
  ) => formatAddress(address, args),
  formattedArea: (address: PrintableAddress) => formattedArea(address),
};

/** Pages a list held in memory (an order's lines, its discounts) by position. */
export function arrayConnection<T>(items: T[], args: PageArgs) {
  const window = pageWindow(
    args.first == null && args.last == null ? { ...args, first: 250 } : args,
  );
  const keyed = items.map((node, index) => ({ node, index }));
  let list = args.reverse ? [...keyed].reverse() : keyed;
  if (window.backwards) list = [...list].reverse();
  if (window.after) {
    const at = list.findIndex((item) => item.index === window.after?.id);
    list = list.slice(at + 1);
  }
  const page = connection(list.slice(0, window.limit + 1), window, (item) => ({
    v: [],
    id: item.index,
  }));
  return {
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.node })),
    nodes: page.nodes.map((item) => item.node),
    pageInfo: page.pageInfo,
  };
}

/** The `PricingValue` of a discount: a percentage or an amount of money. */
export function pricingValue(discount: { kind: string; value: number }) {
  return discount.kind === "percentage"
    ? { __typename: "PricingPercentageValue", percentage: discount.value }
    : { __typename: "MoneyV2", ...money(discount.value) };
}

/** An order's discount: a code (`DiscountCodeApplication`) or an automatic discount. */
function discountApplication(discount: OrderDiscountApplication) {
  const shared = {
    allocationMethod: "ACROSS",
    targetSelection: "ALL",
    targetType: "LINE_ITEM",
    value: pricingValue(discount),
  };
  return "automatic" in discount
    ? { __typename: "AutomaticDiscountApplication", ...shared, title: discount.title }
    : { __typename: "DiscountCodeApplication", ...shared, applicable: true, code: discount.code };
}

function addressObject(order: OrderRow, address: OrderAddress | null, kind: string) {
  if (!address) return null;
  return {
    ...address,
    id: `gid://shopify/MailingAddress/${order.id}?model_name=Order&type=${kind}`,
  };
}

/** Line items of the orders of one request, loaded together. */
const lineLoaders = new WeakMap<CommerceContext, ReturnType<typeof lineLoader>>();

function lineLoader(db: Db) {
  return createLoader<number, OrderLineRow[]>(async (orderIds) => {
    const found = new Map<number, OrderLineRow[]>();
    for (const line of await orderLines(db, orderIds)) {
      found.set(line.orderId, [...(found.get(line.orderId) ?? []), line]);
    }
    return found;
  });
}

async function linesOf(order: OrderRow, ctx: CommerceContext): Promise<OrderLineRow[]> {
  let loader = lineLoaders.get(ctx);
  if (!loader) {
    loader = lineLoader(ctx.db);
    lineLoaders.set(ctx, loader);
  }
  return (await loader(order.id)) ?? [];
}

async function loadNode(
  catalogue: ReturnType<typeof createResolvers>["QueryRoot"],
  id: string,
  ctx: CommerceContext,
) {
  if (id.startsWith("gid://shopify/Order/")) {
    const order = await orderByGid(ctx.db, id);
    return order ? { ...order, __typename: "Order" } : null;
  }
  return catalogue.node(undefined, { id }, ctx);
}

/** Resolvers of order.graphql: orders (by id through `node`), line items, addresses, discounts. */
export function createOrderResolvers() {
  const catalogue = createResolvers().QueryRoot;
  return {
    DiscountApplication: { __resolveType: (node: { __typename: string }) => node.__typename },
    PricingValue: { __resolveType: (node: { __typename: string }) => node.__typename },

    QueryRoot: {
      // Orders are nodes too: their GID carries the order's key, so ids cannot be guessed.
      node: (_: unknown, args: { id: string }, ctx: CommerceContext) =>
        loadNode(catalogue, args.id, ctx),
      nodes: async (_: unknown, args: { ids: string[] }, ctx: CommerceContext) => {
        const catalogueNodes = (await catalogue.nodes(undefined, args, ctx)) as unknown[];
        return Promise.all(
          args.ids.map((id, index) =>
            id.startsWith("gid://shopify/Order/")
              ? loadNode(catalogue, id, ctx)
              : catalogueNodes[index],
          ),
        );
      },
    },

    MailingAddress: mailingAddressResolvers,

    Order: {
      id: (order: OrderRow) => orderGid(order),
      name: (order: OrderRow) => orderName(order),
      statusUrl: (order: OrderRow, _: unknown, ctx: CommerceContext) =>
        `${ctx.origin}/order/confirmation/?order=${encodeURIComponent(orderGid(order))}`,
      // The cart's attributes, and the slot the payment booked (Shopify has no slot field).
      customAttributes: (order: OrderRow) => {
        const slot = orderSlotAttributes(order);
        const own = order.customAttributes.filter((a) => !slot.some((s) => s.key === a.key));
        return [...own, ...slot];
      },
      canceledAt: (order: OrderRow) => order.cancelledAt?.toISOString() ?? null,
      // The shop cancels orders from its back office.
      cancelReason: (order: OrderRow) => (order.cancelledAt ? "STAFF" : null),
      edited: () => false,
      currencyCode: (order: OrderRow) => order.currencyCode,
      currentSubtotalPrice: (order: OrderRow) => money(order.subtotalCents),
      subtotalPrice: (order: OrderRow) => money(order.subtotalCents),
      subtotalPriceV2: (order: OrderRow) => money(order.subtotalCents),
      currentTotalPrice: (order: OrderRow) => money(order.totalCents - order.totalRefundedCents),
      totalPrice: (order: OrderRow) => money(order.totalCents),
      totalPriceV2: (order: OrderRow) => money(order.totalCents),
      originalTotalPrice: (order: OrderRow) => money(order.totalCents),
      currentTotalShippingPrice: (order: OrderRow) => money(order.totalShippingCents),
      totalShippingPrice: (order: OrderRow) => money(order.totalShippingCents),
      totalShippingPriceV2: (order: OrderRow) => money(order.totalShippingCents),
      currentTotalTax: (order: OrderRow) => money(order.totalTaxCents),
      totalTax: (order: OrderRow) => money(order.totalTaxCents),
      totalTaxV2: (order: OrderRow) => money(order.totalTaxCents),
      totalRefunded: (order: OrderRow) => money(order.totalRefundedCents),
      totalRefundedV2: (order: OrderRow) => money(order.totalRefundedCents),
      currentTotalDuties: () => null,
      originalTotalDuties: () => null,
      shippingAddress: (order: OrderRow) => addressObject(order, order.shippingAddress, "shipping"),
      billingAddress: (order: OrderRow) => addressObject(order, order.billingAddress, "billing"),
      discountApplications: (order: OrderRow, args: PageArgs) =>
        arrayConnection(order.discountApplications.map(discountApplication), args),
      lineItems: async (order: OrderRow, args: PageArgs, ctx: CommerceContext) =>
        arrayConnection(
          (await linesOf(order, ctx)).map((line) => ({ line, order })),
          args,
        ),
    },

    OrderLineItem: {
      title: ({ line }: { line: OrderLineRow }) => line.title,
      quantity: ({ line }: { line: OrderLineRow }) => line.quantity,
      currentQuantity: ({ line }: { line: OrderLineRow }) => line.quantity,
      customAttributes: ({ line }: { line: OrderLineRow }) => line.customAttributes,
      originalTotalPrice: ({ line }: { line: OrderLineRow }) => money(line.originalTotalCents),
      discountedTotalPrice: ({ line }: { line: OrderLineRow }) => money(line.discountedTotalCents),
      discountAllocations: ({ line, order }: { line: OrderLineRow; order: OrderRow }) => {
        const discount = order.discountApplications[0];
        const amount = line.originalTotalCents - line.discountedTotalCents;
        return discount && amount > 0
          ? [
              {
                allocatedAmount: money(amount),
                discountApplication: discountApplication(discount),
              },
            ]
          : [];
      },
      variant: async ({ line }: { line: OrderLineRow }, _: unknown, ctx: CommerceContext) =>
        line.variantId === null ? null : ((await ctx.loaders.variant(line.variantId)) ?? null),
    },
  };
}
