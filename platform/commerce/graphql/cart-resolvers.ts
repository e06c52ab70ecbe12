/** Resolvers of cart.graphql: carts, lines, discount codes, buyer identity, delivery addresses. */
export function createCartResolvers() {
  return {};
}
