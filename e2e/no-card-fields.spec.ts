import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { cardFieldsOfHtml, cardFieldsOfPage, crawlForCardFields } from "./card-fields.ts";
import {
  addGroceryProduct,
  DEMO_CUSTOMER,
  hydrated,
  pickUpAtFirstSlot,
  signIn,
} from "./journeys.ts";

/**
 * No page or form the shop serves takes a card number, an expiry or a CVC (issue 48): card data
 * is typed on the payment provider's hosted page only. Every page reachable by links is read —
 * as a visitor, as a signed-in shopper, in the office — and the pages reached through a flow
 * (the hosted checkout with a basket) are read as the browser renders them.
 */

test.describe.configure({ timeout: 600_000 });
test.skip(({ isMobile }) => isMobile, "the same pages are served to phones; read once");

test("the checker finds the fields it is meant to", () => {
  const html = `<form><label for="n">Numéro de carte</label><input id="n" name="cardNumber">
    <input name="expiry" autocomplete="cc-exp"><input name="cvc"></form>`;
  expect(cardFieldsOfHtml("/", html)).toHaveLength(4);
  const innocent = `<form><label for="e">Adresse e-mail</label><input id="e" name="email">
    <input name="phone" autocomplete="tel"><input type="hidden" name="key"></form>`;
  expect(cardFieldsOfHtml("/", innocent)).toEqual([]);
});

test("no page a visitor reaches has a card field", async ({ request, baseURL }) => {
  const { pages, found } = await crawlForCardFields(request, baseURL ?? "", ["/"], {
    limit: 250,
  });
  expect(pages.length).toBeGreaterThan(50);
  expect(found).toEqual([]);
});

test("no page of a signed-in shopper has a card field", async ({ page, baseURL }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const { pages, found } = await crawlForCardFields(
    page.request,
    baseURL ?? "",
    [
      "/compte/",
      "/compte/?s=1",
      "/compte/?s=2",
      "/compte/?s=3",
      "/compte/?s=4",
      "/favoris/",
      "/listes/",
    ],
    {
      limit: 150,
      within: /^\/(compte|account|order|commande|listes|favoris)/,
    },
  );
  expect(pages.length).toBeGreaterThanOrEqual(3);
  expect(found).toEqual([]);
});

test("no office page has a card field", async ({ page, baseURL }) => {
  await signInStaff(page);
  const { pages, found } = await crawlForCardFields(
    page.request,
    baseURL ?? "",
    ["/middleware/dashboard/"],
    { limit: 300, within: /^\/middleware\// },
  );
  expect(pages.length).toBeGreaterThan(20);
  expect(found).toEqual([]);
});

test("the hosted checkout with a basket has no card field", async ({ page }) => {
  await pickUpAtFirstSlot(page);
  await addGroceryProduct(page);
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  expect(await cardFieldsOfPage(page)).toEqual([]);
});
