import { expect, test } from "@playwright/test";
import { addGroceryProduct, hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";

/**
 * A grocery order as a gift (issue 23): the hosted checkout offers gift wrapping and a message
 * for the recipient; the confirmation says what was asked.
 */

test.describe.configure({ timeout: 120_000 });

test("a grocery order, gift-wrapped with a message for the recipient", async ({ page }) => {
  // Comptoir Rive Gauche: the other journeys' orders fill Comptoir Haussmann's first slot.
  await pickUpAtFirstSlot(page, /Comptoir Rive Gauche/);
  await addGroceryProduct(page, "/c/epicerie-sucree/");
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);

  const gift = page.getByRole("group", { name: "C'est un cadeau ?" });
  await gift.getByRole("checkbox", { name: "Emballage cadeau (offert)" }).check();
  await gift
    .getByRole("textbox", { name: "Message pour le destinataire (facultatif)" })
    .fill("Joyeux Noël, Louise ! Avec toute notre affection.");
  await payOnHostedCheckout(page);

  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  await expect(page.getByText("Avec emballage cadeau.")).toBeVisible();
  await expect(
    page.getByText(
      "Message pour le destinataire : « Joyeux Noël, Louise ! Avec toute notre affection. »",
    ),
  ).toBeVisible();
});
