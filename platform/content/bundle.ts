/**
 * A bundle's price (ordering-and-server.md §3): the sum of the prices of the products in it. A
 * product's price is its ordering price (`fd_content.Price`), else its price before discount;
 * a product with neither counts for nothing. Prices are euros; the sum is rounded to the cent so
 * that 0.1 + 0.2 shows as 0.30.
 */
export type BundledProduct = {
  prediscount_price?: number | null;
  fd_content?: { Price?: number | null } | null;
};

export function bundlePrice(products: readonly BundledProduct[]): number {
  const cents = products.reduce((sum, product) => sum + Math.round(priceOf(product) * 100), 0);
  return cents / 100;
}

function priceOf(product: BundledProduct): number {
  const price = product.fd_content?.Price ?? product.prediscount_price;
  return typeof price === "number" && Number.isFinite(price) && price > 0 ? price : 0;
}
