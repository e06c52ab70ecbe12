import { expect, test } from "@playwright/test";
import { addGroceryProduct, hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";

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

  const vouchers = page.getByRole("group", { name: "Titres-restaurant (facultatif)" });
  await expect(vouchers).toContainText("hors alcool et hors frais");
  const payable = await vouchers.locator("[data-meal-voucher]").innerText();
  const cents = Number(payable.replace(/[^\d]/g, ""));
  expect(cents).toBeGreaterThan(0);
  expect(cents).toBeLessThanOrEqual(2500);

  await vouchers.getByLabel("Numéro de la carte titres-restaurant").fill(card);
  await vouchers.getByLabel("Expiration de la carte titres-restaurant (MM/AA)").fill("12/30");
  await vouchers.getByLabel("Code de sécurité de la carte titres-restaurant").fill("123");
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
  const vouchers = page.getByRole("group", { name: "Titres-restaurant (facultatif)" });
  await vouchers.getByLabel("Numéro de la carte titres-restaurant").fill("5036 1500 0000 0026");
  await vouchers.getByLabel("Expiration de la carte titres-restaurant (MM/AA)").fill("12/30");
  await vouchers.getByLabel("Code de sécurité de la carte titres-restaurant").fill("123");
  await payOnHostedCheckout(page);
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Votre commande n'a pas pu être validée");
  await summary
    .getByRole("link", { name: "Votre carte a été refusée. Essayez une autre carte." })
    .click();
  await expect(page.getByLabel("Numéro de la carte titres-restaurant")).toBeFocused();
});
