import { type APIRequestContext, expect, test } from "@playwright/test";
import { hydrated } from "./journeys.ts";
import { E2E_SECRETS } from "./shop-config.ts";

/**
 * The predictive search overlay's product suggestions (issue 18): a thumbnail, the price and the
 * price per unit, as on the product cards. Runs on the desktop and mobile projects.
 */

type ApiProduct = {
  handle: string;
  title: string;
  featuredImage: { url: string } | null;
  variants: {
    nodes: {
      price: { amount: string };
      unitPrice: { amount: string } | null;
      unitPriceMeasurement: { referenceUnit: string } | null;
    }[];
  };
};

/** A product with a picture and a price per unit, from the Storefront API. */
async function productWithUnitPrice(request: APIRequestContext): Promise<ApiProduct> {
  const response = await request.post("/api/2024-01/graphql.json", {
    headers: { "X-Shopify-Storefront-Access-Token": E2E_SECRETS.COMMERCE_STOREFRONT_TOKEN },
    data: {
      query: `query E2eUnitPrices { products(first: 40) { nodes { handle title tags
        featuredImage { url } variants(first: 1) { nodes { price { amount }
          unitPrice { amount } unitPriceMeasurement { referenceUnit } } }
        hidden: metafield(namespace: "custom", key: "hideInSearch") { value } } } }`,
    },
  });
  const body = (await response.json()) as {
    data: {
      products: {
        nodes: (ApiProduct & { tags: string[]; hidden: { value: string } | null })[];
      };
    };
  };
  const product = body.data.products.nodes.find(
    (node) =>
      node.featuredImage &&
      node.variants.nodes[0]?.unitPrice &&
      node.variants.nodes[0]?.unitPriceMeasurement?.referenceUnit === "KG" &&
      node.hidden?.value !== "true" &&
      !node.tags.includes("Archive"),
  );
  if (!product) throw new Error("no product with a price per unit");
  return product;
}

test("a product suggestion shows its thumbnail, price and price per unit", async ({
  page,
  request,
}) => {
  const product = await productWithUnitPrice(request);
  const price = Number(product.variants.nodes[0]?.price.amount ?? 0)
    .toFixed(2)
    .replace(".", ",");

  await page.goto("/");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" }).fill(product.title);
  const overlay = page.getByRole("region", { name: "Suggestions de recherche" });
  const suggestion = overlay.locator(`a.search-suggestion[href="/p/${product.handle}/"]`);
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText(product.title);
  await expect(suggestion.locator(".search-suggestion__price")).toHaveText(
    new RegExp(`^Prix : ${price}\\s€$`),
  );
  // The price per kilogram the catalogue computes from the price and the net quantity.
  const perKg = Number(product.variants.nodes[0]?.unitPrice?.amount ?? 0)
    .toFixed(2)
    .replace(".", ",");
  await expect(suggestion.locator(".search-suggestion__unit")).toContainText(
    new RegExp(`${perKg}\\s€/kg`),
  );

  // The thumbnail: lazy, 48 px wide on screen, one of the small webp renderings, loaded.
  const image = suggestion.locator("img.search-suggestion__image");
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("width", "48");
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  const drawn = await image.evaluate((element: HTMLImageElement) => ({
    width: element.getBoundingClientRect().width,
    source: element.currentSrc,
  }));
  expect(drawn.width).toBe(48);
  expect(drawn.source).toMatch(/\/cdn\/images\/.+[?&]width=(64|128)\b/);

  await suggestion.click();
  await expect(page).toHaveURL(new RegExp(`/p/${product.handle}/$`));
});
