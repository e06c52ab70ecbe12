import type { CommerceContext } from "#platform/commerce/graphql/resolvers.ts";

/** Resolvers of customer.graphql: customers, access tokens, addresses, orders. */
export function createCustomerResolvers() {
  return {
    Mutation: {
      customerAccessTokenDelete: async (
        _root: unknown,
        _args: { customerAccessToken: string },
        _ctx: CommerceContext,
      ) => ({ deletedAccessToken: null, deletedCustomerAccessTokenId: null, userErrors: [] }),
    },
  };
}
