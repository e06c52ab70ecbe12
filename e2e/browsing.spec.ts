import { expect, type Page, test } from "@playwright/test";
import { NUTRITION_ROWS } from "../platform/nutrition.ts";
import { claimedByReact, hydrated, scrollThroughListing } from "./journeys.ts";

/**
 * Browsing the catalogue on the demo data: categories with filters, sort and 'Voir plus', a
 * product page, a brand page, search, a 404. Runs on the desktop and mobile projects.
 */

function euros(text: string): number {
  return Number(text.replace(/[^\d,]/g, "").replace(",", "."));
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("article .price__current").allTextContents();
  return texts.map(euros);
}

test("a category: filter by a brand, sort by price, load more", async ({ page }) => {
  const response = await page.goto("/c/epicerie-salee/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Épicerie salée" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sous-catégories" })).toBeVisible();
  await hydrated(page);
  await scrollThroughListing(page);

  // 102 products: 98 on the first page beside the push block, 'Voir plus' appends the rest.
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(98);
  await page.getByRole("link", { name: "Voir plus" }).click();
  await expect(cards).toHaveCount(102);
  await expect(page).toHaveURL(/\/c\/epicerie-salee\/$/);
  await expect(page.getByRole("link", { name: "Voir plus" })).toHaveCount(0);

  await page.getByLabel("Trier par").selectOption("price-asc");
  await expect(page).toHaveURL(/tri=price-asc/);
  await expect(cards).toHaveCount(98);
  const prices = await cardPrices(page);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.getByText("Filtrer", { exact: true }).click();
  const brands = page.getByRole("group", { name: "Marques" });
  const first = brands.getByRole("checkbox").first();
  const brand = (await first.getAttribute("value")) ?? "";
  await first.check();
  await expect(page).toHaveURL(/marque=/);
  await expect(page).toHaveURL(/tri=price-asc/);
  await expect(page.locator("article .product-card__brand").first()).toHaveText(brand);
  const shown = await page.locator("article .product-card__brand").allTextContents();
  expect(new Set(shown)).toEqual(new Set([brand]));

  // Another category starts without filters.
  await page.getByRole("navigation", { name: "Sous-catégories" }).getByRole("link").first().click();
  await expect(page).not.toHaveURL(/marque=/);
});

test("a product page: price, allergens, gallery, then its brand's page", async ({ page }) => {
  await page.goto("/c/fromagerie/");
  await hydrated(page);
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent()) ?? "";
  await card.getByRole("link").first().click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/p\/[^/]+\/$/);
  await expect(page.locator(".product-page__price .price__current")).toHaveText(/\d+,\d{2}\s€$/);
  await expect(page.getByRole("heading", { name: "Allergènes" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^Lait$/ })).toBeVisible();
  await expect(
    page.getByRole("button", { name: /Ajouter au panier|Bientôt disponible|Indisponible/ }),
  ).toBeVisible();
  // The food information of EU regulation 1169/2011: milk in bold inside the ingredients, the
  // seven values of the declaration, the net quantity.
  const composition = page.locator("section").filter({
    has: page.getByRole("heading", { name: "Ingrédients et composition" }),
  });
  await expect(composition.locator("strong").filter({ hasText: /^lait$/i })).toBeVisible();
  await expect(composition).toContainText(/Quantité nette : \d+ g/);
  const declaration = page.getByRole("table");
  await expect(declaration.getByRole("rowheader")).toHaveText(
    NUTRITION_ROWS.map((row) => row.label),
  );
  await expect(declaration.getByRole("row", { name: /^Énergie/ })).toContainText(/kJ \/ \d+ kcal/);

  const zoom = page.getByRole("link", { name: /^Agrandir l'image :/ });
  await claimedByReact(zoom);
  await zoom.click();
  const gallery = page.getByRole("dialog");
  await expect(gallery).toBeVisible();
  await gallery.getByRole("button", { name: "Fermer" }).click();
  await expect(gallery).toBeHidden();

  const brandLink = page.locator("a.product-page__brand");
  const brand = (await brandLink.textContent()) ?? "";
  await brandLink.click();
  await expect(page).toHaveURL(/\/m\/[^/]+\/$/);
  await expect(page.getByRole("heading", { level: 1, name: brand })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("a wine says why it declares no nutrition", async ({ page }) => {
  await page.goto("/c/cave/vins/vins-rouges/");
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/p\/[^/]+\/$/);
  const nutrition = page.locator("section").filter({
    has: page.getByRole("heading", { name: "Valeurs nutritionnelles" }),
  });
  await expect(nutrition).toContainText(
    "Exempté de déclaration nutritionnelle : boisson titrant plus de 1,2 % d'alcool en volume",
  );
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("the brand list leads to a brand page", async ({ page }) => {
  await page.goto("/nos-marques/");
  await expect(page.getByRole("heading", { level: 1, name: "Nos marques" })).toBeVisible();
  await page.getByRole("link", { name: /Maison Albarède/ }).click();
  // The brand's first page asks the content service for its merchandised products too.
  await expect(page.getByRole("heading", { level: 1, name: "Maison Albarède" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("search finds products for a word, and says when nothing matches", async ({ page }) => {
  await page.goto("/search/");
  await page.getByRole("searchbox", { name: "Rechercher un produit" }).fill("Chocolat");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/q=Chocolat/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Résultats pour « chocolat »" }),
  ).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();

  await page.goto("/search/?q=zzzxqw");
  await expect(page.getByText("Aucun résultat")).toBeVisible();
});

test("an unknown product answers 404 with the error page", async ({ page }) => {
  const response = await page.goto("/p/produit-qui-n-existe-pas/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters apply with their button and 'Voir plus' opens the next page", async ({ page }) => {
    await page.goto("/c/epicerie-salee/");
    await page.getByText("Filtrer", { exact: true }).click();
    await page.getByRole("group", { name: "Disponibilité" }).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(page).toHaveURL(/dispo=1/);

    await page.goto("/c/epicerie-salee/");
    await page.getByRole("link", { name: "Voir plus" }).click();
    await expect(page).toHaveURL(/apres=/);
    await expect(page.getByRole("article")).toHaveCount(4);
  });
});
