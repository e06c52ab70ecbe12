import { expect, type Page, test } from "@playwright/test";
import { deliveryTo, hydrated, openModal } from "./journeys.ts";

/**
 * A delivery zone's minimum order and free-delivery threshold (issue 23, item 4), as a shopper
 * meets them: Comptoir Rive Gauche delivers the left bank from 30,00 €, free from 80,00 €. The
 * cart says what is missing, the hosted checkout refuses an order below the minimum, and the
 * store page states the terms. Runs on the desktop and mobile projects.
 */

/** Chooses delivery to an address of the 7th arrondissement, at the first free slot. */
async function deliveryToTheLeftBank(page: Page) {
  await page.goto("/");
  await hydrated(page);
  await openModal(page);
  const dialog = await deliveryTo(page, { line: "8 rue du Bac", postcode: "75007", city: "Paris" });
  await expect(dialog.getByText(/Livraison par Comptoir Rive Gauche/)).toBeVisible();
  await dialog.getByRole("button", { name: "Valider ce créneau" }).click();
  await expect(dialog).toBeHidden();
}

/** Adds the cheapest product for sale of a category, from its card; returns its title. */
async function addCheapest(page: Page, category: string): Promise<string> {
  await page.goto(`${category}?sort=price-asc`);
  await hydrated(page);
  const add = page
    .locator("article:not(.product-card--archived):not(.product-card--unavailable)")
    .getByRole("button", { name: /^Ajouter .* au panier$/ })
    .first();
  const name = (await add.getAttribute("aria-label")) ?? "";
  await add.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Produit ajouté au panier" }),
  ).toBeVisible();
  return name.replace(/^Ajouter /, "").replace(/ au panier$/, "");
}

function cents(text: string): number {
  return Number(text.replace(/[^\d]/g, ""));
}

test("a left-bank delivery: the minimum order, then what is left for free delivery", async ({
  page,
}) => {
  await deliveryToTheLeftBank(page);
  await addCheapest(page, "/c/epicerie-salee/");

  await page.goto("/panier/");
  await hydrated(page);
  const summary = page.getByLabel("Récapitulatif");
  const price = cents(
    (await summary.locator("dt", { hasText: "Sous-total" }).locator("+ dd").textContent()) ?? "",
  );
  expect(price).toBeLessThan(3000);
  await expect(
    page.getByText("Le minimum de commande pour la livraison est de 30,00 €."),
  ).toBeVisible();

  // The hosted checkout refuses it too, and leads back to the cart.
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Le minimum de commande pour la livraison est de 30,00 €." }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Compléter mon panier" }).click();
  await expect(page).toHaveURL(/\/panier\/$/);
  await hydrated(page);

  // More of it, up to the minimum: the cart now counts down to free delivery.
  const line = await page
    .getByLabel(/^Quantité de /)
    .first()
    .getAttribute("aria-label");
  const title = (line ?? "").replace(/^Quantité de /, "");
  const input = page.getByLabel(`Nouvelle quantité de ${title}`);
  const wanted = Math.ceil(3000 / price);
  expect(Number(await input.getAttribute("max"))).toBeGreaterThanOrEqual(wanted);
  await input.fill(String(wanted));
  await input.press("Enter");
  const left = 8000 - wanted * price;
  const leftText = `${Math.floor(left / 100)},${String(left % 100).padStart(2, "0")} €`;
  await expect(page.getByText(`Plus que ${leftText} pour la livraison offerte.`)).toBeVisible();
  await expect(page.getByText(/Le minimum de commande pour la livraison/)).toHaveCount(0);
});

test("the store page states each store's minimum order and free-delivery threshold", async ({
  page,
}) => {
  await page.goto("/magasin/");
  await expect(
    page.getByText(
      "Comptoir Rive Gauche : minimum de commande 30,00 €, livraison offerte dès 80,00 €",
    ),
  ).toBeVisible();
});
