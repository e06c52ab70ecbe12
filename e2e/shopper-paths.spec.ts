import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./journeys.ts";

/**
 * What a shopper trips over when moving through the shop without full reloads (issue 18): an
 * artisan reached from the menu, 'Voir plus' on a listing reached by a client-side navigation,
 * a sort or a filter, and the product page's breadcrumb back to its category. Runs on the
 * desktop and mobile projects.
 */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 992;

/** The main navigation, its drawer opened on a phone. */
async function mainMenu(page: Page) {
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  if (isMobile(page)) await page.getByRole("button", { name: "Menu", exact: true }).click();
  return nav;
}

/** Opens a department's sub-menu. */
async function openDepartment(page: Page, department: string) {
  const nav = await mainMenu(page);
  await nav.getByRole("button", { name: `Sous-menu ${department}` }).click();
  return nav;
}

test("an artisan of the menu's 'À découvrir' opens the artisan's page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const nav = await openDepartment(page, "Fromagerie");
  await nav.getByRole("link", { name: "Affinage Marcellin Roux" }).click();
  await expect(page).toHaveURL(/\/nos-artisans\/c\/affinage-marcellin-roux\/$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Affinage Marcellin Roux" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ses produits" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();

  // The artisans' list leads to the same page.
  await page.goto("/nos-artisans/");
  await hydrated(page);
  await page.getByRole("link", { name: "Affinage Marcellin Roux" }).click();
  await expect(page).toHaveURL(/\/nos-artisans\/c\/affinage-marcellin-roux\/$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Affinage Marcellin Roux" }),
  ).toBeVisible();
});

/** Clicks 'Voir plus' and waits for the cards to go from `before` to `after`. */
async function loadMore(page: Page, before: number, after: number) {
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(before);
  await page.getByRole("link", { name: "Voir plus" }).click();
  await expect(cards).toHaveCount(after);
  await expect(page.getByRole("link", { name: "Voir plus" })).toHaveCount(0);
}

test("'Voir plus' after a client-side navigation, a sort and a filter", async ({ page }) => {
  // Three listings of a hundred products each, rendered in the browser: slow on a busy machine.
  test.setTimeout(90_000);
  // Each listing request the browser makes goes to the page's own address.
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(".data")) dataRequests.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await hydrated(page);

  // From the menu, without a full reload: 102 products, 98 beside the push block, then 4 more.
  const nav = await openDepartment(page, "Épicerie salée");
  await nav.getByRole("link", { name: "Tout le rayon épicerie salée" }).click();
  await expect(page).toHaveURL(/\/c\/epicerie-salee\/$/);
  await loadMore(page, 98, 102);
  await expect(page).toHaveURL(/\/c\/epicerie-salee\/$/);

  // A sort: the address holds the sort alone, and 'Voir plus' still appends the rest.
  await page.getByLabel("Trier par").selectOption("price-asc");
  await expect(page).toHaveURL(/\/c\/epicerie-salee\/\?tri=price-asc$/);
  await loadMore(page, 98, 102);
  const prices = await page.locator("article .price__current").allTextContents();
  const euros = prices.map((text) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")));
  expect(euros).toEqual([...euros].sort((a, b) => a - b));

  // A filter: a minimum price every product of the department reaches, applied with Enter;
  // kept with the sort, the untouched maximum left out, and the list still has a next page.
  await page.getByText("Filtrer", { exact: true }).click();
  await page.getByRole("spinbutton", { name: "Minimum" }).fill("1");
  await page.getByRole("spinbutton", { name: "Minimum" }).press("Enter");
  await expect(page).toHaveURL(/\/c\/epicerie-salee\/\?tri=price-asc&prix_min=1$/);
  // The filtered list can take seconds to show on a machine running journeys side by side.
  await expect(page.getByText("Filtrer (1)", { exact: true })).toBeVisible({ timeout: 15_000 });
  await loadMore(page, 98, 102);

  expect(dataRequests.length).toBeGreaterThan(0);
  expect(dataRequests.filter((path) => /\.data\.data$/.test(path))).toEqual([]);
});

test("the product page's breadcrumb goes through its department and category", async ({ page }) => {
  // A cheese of the pressed-cheese category, reached from its listing.
  await page.goto("/c/fromagerie/pates-pressees/");
  await hydrated(page);
  const card = page.locator(".product-card__link").first();
  const title = ((await page.locator(".product-card__title").first().textContent()) ?? "").trim();
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const trail = page.getByRole("navigation", { name: "Fil d'Ariane" });
  await expect(trail.getByRole("listitem")).toHaveText([
    "Accueil",
    "Fromagerie",
    "Pâtes pressées",
    title,
  ]);
  await trail.getByRole("link", { name: "Pâtes pressées" }).click();
  await expect(page).toHaveURL(/\/c\/fromagerie\/pates-pressees\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pâtes pressées" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Fil d'Ariane" })
    .getByRole("link", {
      name: "Fromagerie",
    })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Fromagerie" })).toBeVisible();
});
