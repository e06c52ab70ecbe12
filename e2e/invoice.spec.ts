import { expect, test } from "@playwright/test";
import { addGroceryProduct, hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";

/**
 * VAT and invoices (issue 23 §2): a cart of food (5.5 %) and wine (20 %) states the VAT of each
 * rate, the hosted checkout too; once paid, the confirmation links the order's French invoice,
 * a PDF.
 */

test.describe.configure({ timeout: 120_000 });

test("the VAT per rate from the cart to the invoice, downloaded as a PDF", async ({ page }) => {
  // Comptoir Rive Gauche's second slot: its first one holds the other journeys' orders.
  await pickUpAtFirstSlot(page, /Comptoir Rive Gauche/, 1);
  await addGroceryProduct(page, "/c/epicerie-salee/");
  await addGroceryProduct(page, "/c/cave/");
  await page.goto("/panier/");
  await hydrated(page);
  const totals = page.getByRole("main").getByLabel("Récapitulatif");
  await expect(totals.getByText("dont TVA 5,5\u00a0%")).toBeVisible();
  await expect(totals.getByText("dont TVA 20\u00a0%")).toBeVisible();

  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(page.getByRole("rowheader", { name: "dont TVA 20\u00a0%" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Je certifie avoir 18 ans ou plus." }).check();
  await payOnHostedCheckout(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);

  await expect(page.getByText("dont TVA 5,5\u00a0%")).toBeVisible();
  const invoices = page.getByRole("region", { name: "Factures" });
  const link = invoices.getByRole("link", { name: /^Télécharger Facture F-\d{4}-\d{6} \(PDF\)$/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/api\/invoices\/F-\d{4}-\d{6}\.pdf\?key=[0-9a-f]{32}$/);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // Another key reads nothing.
  const wrong = await page.request.get(href.replace(/key=.*/, `key=${"0".repeat(32)}`));
  expect(wrong.status()).toBe(404);
});
