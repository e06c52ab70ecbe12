import { expect, type Locator, type Page, test } from "@playwright/test";
import { hydrated, seriousViolations } from "./journeys.ts";

/**
 * A whole purchase with the keyboard alone (issue 23, item 7): search, add to the cart, the
 * order-mode modal and its slot, the cart, the hosted checkout and the payment. Nothing is
 * clicked: every control is reached with Tab (or Shift+Tab) and used with Enter, Space or the
 * arrow keys, as a shopper without a mouse does. Runs on the desktop project (a phone has no
 * keyboard to walk the page with).
 */

test.describe.configure({ timeout: 180_000 });
test.skip(({ isMobile }) => isMobile, "a phone's shopper has no Tab key");

/** The most Tab presses a control may take to reach: more means it is not reachable. */
const MOST_TABS = 80;

/** Presses Tab until `target` has the focus; fails when it never gets it. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  await target.waitFor({ state: "attached", timeout: 15_000 });
  for (let presses = 0; presses < MOST_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with ${key}`).toBeFocused();
}

test("search, add, choose a pickup slot, check out and pay, with the keyboard only", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);

  // Search from the header.
  const search = page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" });
  await tabTo(page, search);
  await page.keyboard.type("miel");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\/\?q=miel/);
  await hydrated(page);

  // The first product found, added from its card.
  const add = page
    .locator("article:not(.product-card--archived):not(.product-card--unavailable)")
    .getByRole("button", { name: /^Ajouter .* au panier$/ })
    .first();
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Panier, 1 article" })).toBeVisible();

  // The order mode: pickup at a store, its first slot.
  const mode = page.locator(".site-header__mode");
  await tabTo(page, mode, "Shift+Tab");
  await page.keyboard.press("Enter");
  const dialog = page.locator("dialog.order-mode");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: /Retrait en magasin/ }));
  await page.keyboard.press("Enter");
  const store = dialog.getByRole("radio", { name: /Comptoir Rive Gauche/ });
  await tabTo(page, dialog.getByRole("radio").first());
  while (!(await store.isChecked())) await page.keyboard.press("ArrowDown");
  await tabTo(page, dialog.getByRole("button", { name: "Choisir ce magasin" }));
  await page.keyboard.press("Enter");
  await expect(dialog.locator('input[name="slot"]:checked')).toHaveCount(1);
  await tabTo(page, dialog.getByRole("button", { name: "Valider ce créneau" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  // The cart panel, then the checkout.
  const cart = page.getByRole("button", { name: "Panier, 1 article" });
  await tabTo(page, cart);
  await page.keyboard.press("Enter");
  const checkout = page.getByRole("button", { name: "Passer commande" }).first();
  await expect(checkout).toBeVisible();
  await tabTo(page, checkout);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);

  // The hosted checkout: each field reached with Tab and typed into.
  const fields: [string, string][] = [
    ["Adresse e-mail", "lea.martin@example.fr"],
    ["Téléphone", "06 12 34 56 78"],
    ["Prénom", "Léa"],
    ["Nom", "Martin"],
  ];
  for (const [label, value] of fields) {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole("button", { name: "Payer", exact: true }));
  await page.keyboard.press("Enter");

  // The provider's hosted payment page, by keyboard too.
  await expect(page.getByRole("heading", { name: "Paiement sécurisé" })).toBeVisible();
  const card: [string, string][] = [
    ["Numéro de carte", "4242 4242 4242 4242"],
    ["Date d'expiration (MM/AA)", "12/30"],
    ["CVC", "123"],
  ];
  for (const [label, value] of card) {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole("button", { name: /^Payer / }));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  await expect(page.getByRole("heading", { name: "Merci pour votre commande !" })).toBeVisible();
  // The confirmation, the one page type only an order reaches, checked by axe too.
  expect(await seriousViolations(page)).toEqual([]);
});
