import { expect, test } from "@playwright/test";
import { formatSlot } from "../platform/format.ts";
import { signInStaff } from "./admin-account.ts";
import { addGroceryProduct, hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";

/**
 * A grocery order's slot is real (issue 19): the pickup store and slot chosen in the order-mode
 * modal are shown by the hosted checkout (with « Modifier »), booked at payment, and shown on the
 * confirmation, in the email, on the account's order page and on the preparation sheet and list.
 */

test.describe.configure({ timeout: 120_000 });

test("a pickup slot chosen in the modal is booked at payment and shown everywhere", async ({
  page,
}) => {
  await page.goto("/compte/");
  const signIn = page.getByRole("region", { name: "Se connecter" });
  await signIn.getByLabel("Adresse e-mail").fill("marie.dupont@example.com");
  await signIn.getByLabel("Mot de passe").fill("Comptoir-2025");
  await signIn.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText(/^Bonjour /)).toBeVisible({ timeout: 15_000 });

  // Pickup at Comptoir Haussmann, in the slot the modal offers first.
  const slotKey = await pickUpAtFirstSlot(page);
  // One spelling of a slot everywhere (issue 47): « mardi 24 novembre 2026, 18h00–19h00 ».
  const label = formatSlot(slotKey);
  expect(label).toMatch(/^[a-z]+ \d{1,2} [a-zéû]+ \d{4}, \d{1,2}h\d{2}–\d{1,2}h\d{2}$/);

  await addGroceryProduct(page);
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();

  // The hosted checkout shows the choice instead of asking for a delivery method.
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  const choice = page.getByRole("group", { name: "Livraison ou retrait" });
  await expect(choice).toContainText("Retrait en magasin — gratuit");
  await expect(choice).toContainText("Comptoir Haussmann");
  await expect(choice).toContainText(label);
  await expect(page.getByRole("radio")).toHaveCount(0);

  // « Modifier » leads back to the shop with the order-mode modal open.
  await choice.getByRole("link", { name: /Modifier/ }).click();
  await expect(page).toHaveURL(/\/panier\/$/);
  await expect(page.locator("dialog.order-mode")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator("dialog.order-mode")).toBeHidden();
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await payOnHostedCheckout(page);

  // The confirmation shows the store and the slot.
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  const mode = page.getByRole("region", { name: "Retrait en magasin" });
  await expect(mode).toContainText("Comptoir Haussmann");
  await expect(mode).toContainText(label);
  const orderGid = decodeURIComponent(new URL(page.url()).searchParams.get("order") ?? "");
  const orderId = /Order\/(\d+)/.exec(orderGid)?.[1] ?? "";
  expect(orderId).not.toBe("");

  // The account's order page.
  await page.goto("/compte/?s=3");
  await page.locator(`a[href^="/compte/commandes/${orderId}/"]`).first().click();
  await expect(page.getByRole("heading", { name: "Retrait en magasin" })).toBeVisible();
  await expect(page.getByText(label)).toBeVisible();
  await expect(page.getByText("Comptoir Haussmann", { exact: false }).first()).toBeVisible();

  // The confirmation email, in the outbox.
  await signInStaff(page);
  await page.goto("/middleware/outbox/?a=lea.martin%40example.fr&type=order-confirmation");
  await expect(
    page.getByText(`Retrait en magasin — créneau du ${label}`, { exact: false }).first(),
  ).toBeVisible();

  // The preparation sheet, and the day's list under the store and the slot.
  await page.goto(`/middleware/odp/?grocery=${orderId}`);
  await expect(
    page.getByRole("heading", {
      name: new RegExp(`Comptoir Haussmann · Créneau ${slotKey.split(" ")[1]}`),
    }),
  ).toBeVisible();
  await page.goto(`/middleware/odp-list/?date=${slotKey.split(" ")[0]}`);
  const store = page.getByRole("region", { name: "Comptoir Haussmann" });
  await expect(store.locator(`a[href="/middleware/odp/?grocery=${orderId}"]`)).toHaveCount(1);
});
