import { expect, test } from "@playwright/test";
import {
  addGroceryProduct,
  fillHostedCheckout,
  hydrated,
  payOnHostedCheckout,
  pickUpAtFirstSlot,
} from "./journeys.ts";

/**
 * Alcohol is sold to adults only (issue 23): a cart holding a bottle shows the health message,
 * and the hosted checkout asks the shopper to confirm being 18 or over before paying — refused
 * without it, placed with it.
 */

test.describe.configure({ timeout: 120_000 });

test("a bottle is paid for only once the shopper confirms being 18 or over", async ({ page }) => {
  // Comptoir Rive Gauche: the other journeys' orders fill Comptoir Haussmann's first slot.
  await pickUpAtFirstSlot(page, /Comptoir Rive Gauche/);
  await addGroceryProduct(page, "/c/cave/");
  await page.goto("/panier/");
  await hydrated(page);
  // In the cart itself, beside the footer's own disclaimer.
  await expect(
    page
      .getByRole("main")
      .getByText("L'abus d'alcool est dangereux pour la santé, à consommer avec modération."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);

  const box = page.getByRole("checkbox", { name: "Je certifie avoir 18 ans ou plus." });
  await expect(page.getByRole("group", { name: "Vente d'alcool" })).toContainText(
    "La vente d'alcool est interdite aux mineurs de moins de 18 ans.",
  );
  await expect(box).not.toBeChecked();

  // Paying without the box: refused on its field, before the payment page, nothing ordered.
  await fillHostedCheckout(page);
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  const message = "Confirmez que vous avez 18 ans ou plus : votre panier contient de l'alcool.";
  await expect(page.getByRole("link", { name: message })).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");

  await box.check();
  await payOnHostedCheckout(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
});
