import {
  type CartDeliveryGroupView,
  type CartDeliveryOptionView,
  cartDeliveryGroup,
  type SelectedDeliveryOptionInput,
  selectDeliveryOptions,
} from "#platform/commerce/cart/delivery-groups.ts";
import type { CartRow } from "#platform/commerce/cart/records.ts";
import type { CartView } from "#platform/commerce/cart/view.ts";
import { mutate, viewOf } from "#platform/commerce/graphql/cart-resolvers.ts";
import { arrayConnection } from "#platform/commerce/graphql/order-resolvers.ts";
import type { PageArgs } from "#platform/commerce/graphql/pagination.ts";
import { type CommerceContext, money } from "#platform/commerce/graphql/resolver-support.ts";

/** A group as its resolvers read it: the group and the cart's priced view (its lines). */
type GroupNode = { group: CartDeliveryGroupView; view: CartView };

/**
 * Resolvers of delivery-groups.graphql: `Cart.deliveryGroups` (one group or none, from the
 * cart's order mode) and `cartSelectedDeliveryOptionsUpdate` (changes the mode, under the cart's
 * lock like every cart mutation). `withCarrierRates` changes nothing: every rate is the shop's own.
 */
export function createDeliveryGroupResolvers() {
  return {
    Mutation: {
      cartSelectedDeliveryOptionsUpdate: (
        _: unknown,
        args: { cartId: string; selectedDeliveryOptions: SelectedDeliveryOptionInput[] },
        ctx: CommerceContext,
      ) =>
        mutate(ctx, args.cartId, (tx, cart) =>
          selectDeliveryOptions(tx, ctx.slots, cart, args.selectedDeliveryOptions, ctx.now()),
        ),
    },

    Cart: {
      deliveryGroups: async (cart: CartRow, args: PageArgs, ctx: CommerceContext) => {
        const view = await viewOf(cart, ctx);
        const group = await cartDeliveryGroup(ctx.db, ctx.slots, view, ctx.now());
        const nodes: GroupNode[] = group ? [{ group, view }] : [];
        return arrayConnection(nodes, args);
      },
    },

    CartDeliveryGroup: {
      id: (node: GroupNode) => node.group.id,
      // The cart's lines, in the shape the `CartLine` resolvers read (cart-resolvers.ts).
      cartLines: (node: GroupNode, args: PageArgs) =>
        arrayConnection(
          node.view.lines.map((line) => ({ ...line, view: node.view })),
          args,
        ),
      deliveryAddress: (node: GroupNode) => node.group.address,
      deliveryOptions: (node: GroupNode) => node.group.options,
      selectedDeliveryOption: (node: GroupNode) => node.group.selected,
      groupType: () => "ONE_TIME_PURCHASE",
    },

    CartDeliveryOption: {
      estimatedCost: (option: CartDeliveryOptionView) => money(option.costCents),
    },
  };
}
