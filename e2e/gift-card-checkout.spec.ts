import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import {
  addGroceryProduct,
  hydrated,
  LEA,
  payOnHostedCheckout,
  pickUpAtFirstSlot,
} from "./journeys.ts";

/**
 * Gift cards (issue 21): the office issues a 10 € card; a shopper types its code on the hosted
 * checkout, a wrong code first, sees what the card pays and what is left for the bank card, pays
 * the rest by card; the office then sees the card spent, with the order.
 */

// A manager and a shopper on a busy machine: more than the default.
test.setTimeout(180_000);

test("a shopper pays part of an order with a gift card the office issued", async ({
  page,
  browser,
}) => {
  // The office issues the card, in its own (desktop) browser.
  const office = await (await browser.newContext()).newPage();
  await signInStaff(office);
  await office.goto("/middleware/gift-cards/");
  await office.getByLabel("Montant (€)").fill("10");
  await office.getByLabel("Pour").fill("Léa Martin, jeu concours");
  await office.getByRole("button", { name: /Émettre/ }).click();
  const code = (await office.getByTestId("gift-card-code").textContent())?.trim() ?? "";
  expect(code).toMatch(/^[A-Z0-9-]{8,}$/);
  const last = code.replaceAll("-", "").slice(-4);

  // The shopper fills a cart and reaches the hosted checkout.
  await pickUpAtFirstSlot(page);
  await addGroceryProduct(page);
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);

  // A mistyped code is refused beside the field, the page keeps what was typed.
  const codeField = page.getByLabel("Code de la carte cadeau");
  await codeField.fill("PASUNCODE99");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByText("Ce code de carte cadeau n'est pas valable.")).toBeVisible();
  await expect(codeField).toHaveValue("PASUNCODE99");

  // The right one, typed in lower case: the card pays 10 €, the bank card the rest.
  await codeField.fill(code.toLowerCase());
  await page.getByRole("button", { name: "Appliquer" }).click();
  const summary = page.getByRole("complementary", { name: "Récapitulatif" });
  await expect(summary).toContainText(`Carte cadeau •••• ${last}`);
  await expect(summary).toContainText("-10,00 €");
  const rest = (await summary.locator("[data-card-total]").textContent()) ?? "";
  await expect(page.getByText(`Montant à régler par carte bancaire : ${rest}`)).toBeVisible();

  await payOnHostedCheckout(page, LEA);
  await expect(page).toHaveURL(/\/order\/confirmation\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Merci/);

  // The office sees the card spent, by the order.
  await office.goto(`/middleware/gift-cards/?q=${encodeURIComponent(code)}`);
  await office
    .getByRole("link", { name: new RegExp(last) })
    .first()
    .click();
  await expect(office.getByTestId("gift-card-balance")).toContainText("0,00 €");
  await expect(office.getByRole("table")).toContainText(/n° \d+/);
});
