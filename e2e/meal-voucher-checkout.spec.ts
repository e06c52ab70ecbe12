import { expect, type Page, test } from "@playwright/test";
import {
  addGroceryProduct,
  fillHostedCheckout,
  hydrated,
  payOnHostedCheckout,
  pickUpAtFirstSlot,
} from "./journeys.ts";

/** On the hosted checkout, « Ajouter une carte titres-restaurant »: typed on the processor's page. */
async function addMealVoucherCard(page: Page, number: string) {
  await page
    .getByRole("region", { name: "Titres-restaurant (facultatif)" })
    .getByRole("button", { name: "Ajouter une carte titres-restaurant" })
    .click();
  await expect(page.getByRole("heading", { name: "Carte titres-restaurant" })).toBeVisible();
  await page.getByLabel("Numéro de la carte titres-restaurant").fill(number);
  await page.getByLabel("Date d'expiration (MM/AA)").fill("12/30");
  await page.getByLabel("Code", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Valider la carte" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
}

/**
 * Titres-restaurant (issue 23 §6): on the hosted checkout, a basket of food and wine says what
 * titres-restaurant may pay (the food only, 25 € a day at most); the shopper pays that part with
 * the test titres-restaurant card and the rest by bank card, and the confirmation says both.
 */

test.describe.configure({ timeout: 120_000 });

/** One titres-restaurant card per browser project: each has its own day of 25 €. */
const CARDS: Record<string, string> = {
  desktop: "5036 1500 0000 0018",
  mobile: "5036 1500 0000 5009",
};

test("titres-restaurant pay the food, the bank card the rest", async ({ page }, testInfo) => {
  const card = CARDS[testInfo.project.name] ?? "5036 1500 0000 6007";
  // Comptoir Rive Gauche's third slot: its first ones hold the other journeys' orders.
  await pickUpAtFirstSlot(page, /Comptoir Rive Gauche/, 2);
  await addGroceryProduct(page, "/c/epicerie-salee/");
  await addGroceryProduct(page, "/c/cave/");
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);

  const vouchers = page.getByRole("region", { name: "Titres-restaurant (facultatif)" });
  await expect(vouchers).toContainText("hors alcool et hors frais");
  const payable = await vouchers.locator("[data-meal-voucher]").innerText();
  const cents = Number(payable.replace(/[^\d]/g, ""));
  expect(cents).toBeGreaterThan(0);
  expect(cents).toBeLessThanOrEqual(2500);

  await addMealVoucherCard(page, card);
  await expect(vouchers).toContainText(`Titres-restaurant •••• ${card.slice(-4)}`);
  await page.getByRole("checkbox", { name: "Je certifie avoir 18 ans ou plus." }).check();
  await payOnHostedCheckout(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  await expect(
    page
      .getByRole("region", { name: "Factures" })
      .getByText(
        `Commande payée par carte Visa •••• 4242, titres-restaurant •••• ${card.slice(-4)}.`,
        { exact: true },
      ),
  ).toBeVisible();
});

test("a wrong titres-restaurant card is refused on its field, and nothing is paid", async ({
  page,
}) => {
  await pickUpAtFirstSlot(page, /Comptoir Rive Gauche/, 2);
  await addGroceryProduct(page, "/c/epicerie-salee/");
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  // The declined test card is taken on the processor's page, and refused when it is charged.
  await addMealVoucherCard(page, "5036 1500 0000 0026");
  await fillHostedCheckout(page);
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(page.getByRole("alert")).toContainText("Votre carte a été refusée.");
  await expect(page.getByRole("heading", { name: "Paiement sécurisé" })).toHaveCount(0);
});
