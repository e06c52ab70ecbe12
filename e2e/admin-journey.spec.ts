import { type APIRequestContext, expect, test } from "@playwright/test";
import { attachImage, savePrice, signInStaff, uploadImage } from "./admin-account.ts";
import { E2E_SECRETS } from "./shop-config.ts";

/**
 * The admin area's acceptance journey (issue 10), from an office address: sign in, change a
 * product's price and see it on the storefront once the page cache is purged, upload an image
 * and attach it, rebuild the search index, download the product feed, print the preparation
 * sheet of an order placed today.
 */

const STOREFRONT_TOKEN = E2E_SECRETS.COMMERCE_STOREFRONT_TOKEN;
const NEW_PRICE = "27,35";

async function graphql(request: APIRequestContext, query: string, variables = {}) {
  const response = await request.post("/api/2024-01/graphql.json", {
    headers: { "X-Shopify-Storefront-Access-Token": STOREFRONT_TOKEN },
    data: { query, variables },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/**
 * Places a grocery order today through the commerce service's HTTP APIs, as a shopper's browser
 * would: a cart with one product on sale, then the hosted checkout paid with the test card.
 * Answers the order's id.
 */
async function placeOrderToday(
  request: APIRequestContext,
): Promise<{ orderId: number; day: string }> {
  const found = await graphql(
    request,
    `{ products(first: 50) { nodes { tags variants(first: 1) { nodes { id availableForSale } } } } }`,
  );
  type Node = { tags: string[]; variants: { nodes: { id: string; availableForSale: boolean }[] } };
  const variant = (found.products.nodes as Node[])
    .filter((product) => !product.tags.includes("restauration"))
    .flatMap((product) => product.variants.nodes)
    .find((candidate) => candidate.availableForSale);
  expect(variant).toBeDefined();
  // A pickup at Comptoir Haussmann in its first free slot, as the order-mode modal writes it.
  const slots = await request.get("/ordering/Restaurant/DeliverySlots/2101?deliveryType=2");
  const free = ((await slots.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data.find(
    (slot) => !slot.IsFull,
  );
  expect(free).toBeDefined();
  const slotKey = free?.Key ?? "";
  const created = await graphql(
    request,
    `mutation ($lines: [CartLineInput!]!, $attributes: [AttributeInput!]) { cartCreate(input: { lines: $lines, attributes: $attributes }) { cart { checkoutUrl } userErrors { message } } }`,
    {
      lines: [{ merchandiseId: variant?.id, quantity: 2 }],
      attributes: [
        { key: "mode", value: "2" },
        { key: "deliverySlot", value: slotKey },
        { key: "pickupLocationId", value: "2101" },
      ],
    },
  );
  const checkoutUrl: string = created.cartCreate.cart.checkoutUrl;
  const begun = await request.post(new URL(checkoutUrl).pathname + new URL(checkoutUrl).search, {
    form: {
      email: "camille.journee@example.com",
      phone: "06 12 34 56 78",
      firstName: "Camille",
      lastName: "Journée",
    },
    maxRedirects: 0,
  });
  expect(begun.status()).toBe(303);
  // The card on the provider's hosted page, as a browser without JavaScript posts it.
  const hosted = new URL(begun.headers().location ?? "");
  const card = await request.post(hosted.pathname, {
    form: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
    maxRedirects: 0,
  });
  expect(card.status()).toBe(303);
  const back = new URL(card.headers().location ?? "");
  const paid = await request.get(back.pathname + back.search, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const order = /Order%2F(\d+)|Order\/(\d+)/.exec(paid.headers().location ?? "");
  return { orderId: Number(order?.[1] ?? order?.[2]), day: slotKey.slice(0, 10) };
}

test("office staff run the shop's day from the admin area", async ({ page, request }, info) => {
  test.skip(info.project.name === "mobile", "the admin area is an office, desktop tool");
  test.setTimeout(120_000);
  const { orderId, day } = await placeOrderToday(request);
  expect(orderId).toBeGreaterThan(0);

  await signInStaff(page);
  await expect(page.getByRole("heading", { name: "Aujourd'hui" })).toBeVisible();

  // A product on sale that the other admin journeys leave alone (e2e/admin-catalogue.spec.ts).
  await page.goto("/middleware/products/?archive=non&dispo=en-vente");
  await page.getByRole("table").getByRole("row").nth(5).getByRole("link").click();
  await expect(page).toHaveURL(/\/middleware\/products\/[a-z0-9-]+\/$/);
  const handle = new URL(page.url()).pathname.split("/")[3] ?? "";

  await savePrice(page, NEW_PRICE);

  // The page is cached once visited; after the purge the next visit is computed again.
  const productPath = `/p/${handle}/`;
  await request.get(productPath);
  expect((await request.get(productPath)).headers()["x-cache"]).toBe("HIT");
  await page.getByRole("link", { name: "Cache des pages" }).click();
  await page.getByLabel("Adresse de la page").fill(productPath);
  await page.getByRole("button", { name: "Retirer du cache" }).click();
  await expect(page.getByRole("status")).toHaveText(`${productPath} retirée du cache.`);
  const fresh = await request.get(productPath);
  expect(fresh.headers()["x-cache"]).toBe("MISS");
  await page.goto(productPath);
  await expect(page.locator("main").getByText(`${NEW_PRICE} €`).first()).toBeVisible();

  // An image: uploaded to the library, then attached to the product.
  const imagePath = await uploadImage(
    page,
    { name: "Journée du comptoir.png", mimeType: "image/png" },
    "journee-du-comptoir",
  );
  await page.goto(`/middleware/products/${handle}/`);
  await attachImage(page, imagePath, "Journée du comptoir");
  await expect(page.getByRole("img", { name: "Journée du comptoir" })).toBeVisible();

  // The search index, rebuilt in the background; the page follows it until it is done.
  await page.getByRole("link", { name: "Index de recherche" }).click();
  await page.getByRole("button", { name: "Reconstruire l'index" }).click();
  await expect(page.getByText(/^Index reconstruit en/)).toBeVisible({ timeout: 60_000 });

  // The product feed, downloaded.
  await page.getByRole("link", { name: "Flux produits" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.csv$/);

  // Today's orders, and the preparation sheet of the one placed above, printed.
  // The order is filed under its pickup store and slot, on the slot's day.
  await page.getByRole("link", { name: "Préparation des commandes" }).click();
  await expect(page.getByRole("heading", { name: "Préparation des commandes" })).toBeVisible();
  await page.goto(`/middleware/odp-list/?date=${day}`);
  await expect(page.getByRole("heading", { name: /^Comptoir Haussmann/ })).toBeVisible();
  await page.locator(`a[href="/middleware/odp/?grocery=${orderId}"]`).click();
  await expect(
    page.getByRole("heading", { name: /^Fiche de préparation · Commande n° \d+$/ }),
  ).toBeVisible();
  await expect(page.getByText("Camille Journée")).toBeVisible();
  await page.evaluate(() => {
    const printed = window as typeof window & { printed?: number };
    printed.printed = 0;
    window.print = () => {
      printed.printed = (printed.printed ?? 0) + 1;
    };
  });
  await page.getByRole("button", { name: "Imprimer" }).click();
  expect(await page.evaluate(() => (window as typeof window & { printed?: number }).printed)).toBe(
    1,
  );
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation")).toBeHidden();
  await expect(page.getByRole("table")).toBeVisible();
});
