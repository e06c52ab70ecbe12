import { expect, type Page } from "@playwright/test";

/**
 * The restauration payment step's cards (issue 48), as a shopper goes through them: no card field
 * on /order/paiement/; cards typed on the test provider's hosted pages, then back.
 */

/** Fills the test provider's hosted page (setup or payment) with a card. */
async function fillHostedCard(page: Page, number: string) {
  await page.getByLabel("Numéro de carte").fill(number);
  await page.getByLabel("Date d'expiration (MM/AA)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
}

/** « Ajouter une carte »: saved on the provider's setup page, back on the payment step, chosen. */
export async function addCardOnHostedPage(page: Page, number = "4242 4242 4242 4242") {
  await page.getByRole("button", { name: "Ajouter une carte", exact: true }).click();
  await expect(page).toHaveURL(/\/test-payments\/pay\//);
  await expect(
    page.getByRole("heading", { level: 1, name: "Enregistrer une carte" }),
  ).toBeVisible();
  await fillHostedCard(page, number);
  await page.getByRole("button", { name: "Enregistrer la carte" }).click();
  await expect(page).toHaveURL(/\/order\/paiement\/\?carte=\d+$/);
  const last4 = number.replace(/\s/g, "").slice(-4);
  await expect(page.getByLabel(new RegExp(`•••• ${last4} — expire`)).first()).toBeChecked();
}

/** « Ajouter une carte titres-restaurant »: the processor's card-entry page, back with it chosen. */
export async function addMealVoucherCard(page: Page, number: string) {
  await page.getByRole("button", { name: "Ajouter une carte titres-restaurant" }).click();
  await expect(page).toHaveURL(/\/test-payments\/titres-restaurant\//);
  await page.getByLabel("Numéro de la carte titres-restaurant").fill(number);
  await page.getByLabel("Date d'expiration (MM/AA)").fill("12/30");
  await page.getByLabel("Code", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Valider la carte" }).click();
  await expect(page).toHaveURL(/\/order\/paiement\/\?titre=\d+$/);
  const last4 = number.replace(/\s/g, "").slice(-4);
  await expect(
    page.getByLabel(`Titres-restaurant •••• ${last4} — expire fin 12/2030`),
  ).toBeChecked();
}

/** Pays with the card chosen on the payment step. */
export async function payWithChosenCard(page: Page) {
  await page.getByRole("button", { name: /^Payer \d/ }).click();
}

/** « Payer avec une nouvelle carte »: paid on the provider's hosted payment page, then back. */
export async function payWithNewCard(page: Page, number = "4242 4242 4242 4242") {
  await page.getByLabel(/^Payer avec une nouvelle carte/).check();
  await page.getByRole("button", { name: /^Payer \d/ }).click();
  await expect(page).toHaveURL(/\/test-payments\/pay\//);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement sécurisé" })).toBeVisible();
  await fillHostedCard(page, number);
  await page.getByRole("button", { name: /^Payer / }).click();
}
