import { expect, type Page, test } from "@playwright/test";
import {
  addGroceryProduct,
  fillHostedCheckout,
  hydrated,
  payOnProviderPage,
  pickUpAtFirstSlot,
  TEST_CARDS,
} from "./journeys.ts";

/**
 * Card payments on the provider's hosted page (issue 48), on the embedded test provider: the
 * hosted checkout holds the slot and sends the shopper to the provider's page, which takes the
 * card (never the shop's pages) and sends the shopper back to the confirmation. A declined
 * card, a 3-D Secure challenge that passes or fails, and a shopper who leaves the payment page
 * and comes back.
 */

test.describe.configure({ timeout: 120_000 });

/** A grocery cart picked up at Comptoir Rive Gauche's fourth slot, on the hosted checkout. */
async function toCheckout(page: Page) {
  await pickUpAtFirstSlot(page, /Comptoir Rive Gauche/, 3);
  await addGroceryProduct(page, "/c/epicerie-salee/");
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  // No card field on the shop's own page.
  await expect(page.getByLabel("Numéro de carte")).toHaveCount(0);
}

const confirmed = async (page: Page) => {
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  await expect(page.getByRole("heading", { name: "Merci pour votre commande !" })).toBeVisible();
};

test("a grocery order paid by card on the provider's hosted page", async ({ page }) => {
  await toCheckout(page);
  await fillHostedCheckout(page);
  await expect(page).toHaveURL(/\/test-payments\/pay\/cs_test_/);
  await payOnProviderPage(page, TEST_CARDS.approved);
  await confirmed(page);
  await expect(page.getByText(/carte Visa •••• 4242/)).toBeVisible();
});

test("a declined card, then another card", async ({ page }) => {
  await toCheckout(page);
  await fillHostedCheckout(page);
  await payOnProviderPage(page, TEST_CARDS.declined);
  await expect(page.getByRole("alert")).toContainText(
    "Votre carte a été refusée. Essayez une autre carte.",
  );
  await expect(page).toHaveURL(/\/test-payments\/pay\/cs_test_/);
  await payOnProviderPage(page, "5555 5555 5555 4444");
  await confirmed(page);
});

test("a 3-D Secure card whose challenge passes", async ({ page }) => {
  await toCheckout(page);
  await fillHostedCheckout(page);
  await payOnProviderPage(page, TEST_CARDS.threeDSecure);
  await expect(page.getByRole("heading", { name: "Authentification 3-D Secure" })).toBeVisible();
  await page.getByRole("button", { name: "Valider" }).click();
  await confirmed(page);
});

test("a 3-D Secure card whose challenge fails: no order, the card can be changed", async ({
  page,
}) => {
  await toCheckout(page);
  await fillHostedCheckout(page);
  await payOnProviderPage(page, TEST_CARDS.threeDSecure);
  await page.getByRole("button", { name: "Échouer" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "L'authentification 3-D Secure a échoué. Réessayez ou utilisez une autre carte.",
  );
  await expect(page).toHaveURL(/\/test-payments\/pay\/cs_test_/);
  // The shopper goes back to the shop: no order, the payment still open.
  await page.getByRole("link", { name: "Annuler et revenir à la boutique" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(page.getByText("Un paiement est en cours pour ce panier")).toBeVisible();
});

test("a shopper who leaves the payment page, comes back and pays", async ({ page }) => {
  await toCheckout(page);
  await fillHostedCheckout(page);
  await expect(page).toHaveURL(/\/test-payments\/pay\/cs_test_/);
  await page.getByRole("link", { name: "Annuler et revenir à la boutique" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(page.getByText("Un paiement est en cours pour ce panier")).toBeVisible();
  await page.getByRole("link", { name: "Reprendre le paiement" }).click();
  await payOnProviderPage(page, TEST_CARDS.approved);
  await confirmed(page);
});
