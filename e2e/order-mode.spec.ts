import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  deliveryToParis,
  hydrated,
  openModal,
  payOnHostedCheckout,
  seriousViolations,
} from "./journeys.ts";

/**
 * The order mode (ordering-and-server.md §2–§4, storefront.md §7): the modal from the header
 * (delivery to a Paris address, pickup at a store, the default slot), the grocery journey to the
 * hosted checkout and the confirmation, the switch of cart kind through the modal, and the
 * restore of a past slot on the next visit. Desktop and mobile.
 */

type Slot = { key: string; isFull: boolean };

// The cookie consent given, so that its banner stays closed (this journey is about others).
test.beforeEach(async ({ context, baseURL }) => {
  const url = baseURL ?? "http://127.0.0.1";
  await context.addCookies([{ name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url }]);
});

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const found = (await context.cookies()).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

/** The slots the storefront's own route lists now for a store and mode. */
async function slotsOf(page: Page, location: number, mode: 1 | 2): Promise<Slot[]> {
  const response = await page.request.get(
    `/order-mode/slots.json?location=${location}&mode=${mode}`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { Success: boolean; Data: Slot[] };
  return body.Data;
}

/** Checks the default slot is the first free one, confirms it and returns its key. */
async function confirmDefaultSlot(page: Page, location: number, mode: 1 | 2): Promise<string> {
  const dialog = page.locator("dialog.order-mode");
  const checked = dialog.locator('input[name="slot"]:checked');
  await expect(checked).toHaveCount(1);
  const key = (await checked.getAttribute("value")) ?? "";
  const first = (await slotsOf(page, location, mode)).find((slot) => !slot.isFull);
  expect(key).toBe(first?.key);
  // Full slots are listed but cannot be chosen.
  const full = dialog.locator('input[name="slot"]:disabled');
  for (const input of await full.all()) await expect(input).toBeDisabled();
  await dialog.getByRole("button", { name: "Valider ce créneau" }).click();
  await expect(dialog).toBeHidden();
  return key;
}

/** Adds the first product for sale of a category from its product page's form; its title. */
async function addFromProductPage(page: Page, category: string): Promise<string> {
  await page.goto(category);
  const card = page
    .locator("article:not(.product-card--archived):not(.product-card--unavailable)")
    .locator("a[href^='/p/']")
    .first();
  const href = (await card.getAttribute("href")) ?? "";
  await page.goto(href);
  await hydrated(page);
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const add = page.locator("form.add-to-cart button[type=submit]");
  await expect(add).toBeEnabled();
  await add.click();
  return title.trim();
}

test("delivery to a Paris address: the first free slot by default, the mode in the header", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.locator(".site-header__mode")).toContainText("Livraison ou retrait");
  await openModal(page);
  await expect(
    (await deliveryToParis(page)).getByText(/Livraison par Comptoir Haussmann/),
  ).toBeVisible();
  const key = await confirmDefaultSlot(page, 2101, 1);

  await expect(page.locator(".site-header__mode")).toContainText("Livraison");
  expect(await cookie(context, "mode")).toBe("1");
  expect(await cookie(context, "deliveryLocationId")).toBe("2101");
  expect(await cookie(context, "isProvince")).toBe("false");
  expect(JSON.parse((await cookie(context, "deliverySlot")) ?? "{}")).toEqual({
    slot: key,
    day: key.split(" ")[0],
  });
  expect(JSON.parse((await cookie(context, "deliveryAddress")) ?? "{}")).toMatchObject({
    address: "3 rue Bleue",
    postcode: "75009",
    city: "Paris",
  });

  // The label survives a reload (read from the cookie after hydration).
  await page.reload();
  await hydrated(page);
  await expect(page.locator(".site-header__mode")).toContainText("Livraison");
});

test("an address outside the zones is refused with a clear message", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const dialog = await openModal(page);
  await dialog.getByRole("button", { name: /Livraison à domicile/ }).click();
  await dialog.getByLabel("Adresse", { exact: true }).fill("1 place de la Mairie");
  await dialog.getByLabel("Code postal").fill("78000");
  await dialog.getByLabel("Ville").fill("Versailles");
  await dialog.getByRole("button", { name: "Vérifier l'adresse" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/Nous ne livrons pas encore cette adresse/);
});

test("pickup at a store", async ({ page, context }) => {
  await page.goto("/");
  await hydrated(page);
  const dialog = await openModal(page);
  await dialog.getByRole("button", { name: /Retrait en magasin/ }).click();
  await dialog.getByRole("radio", { name: /Point retrait Bastille/ }).check();
  await dialog.getByRole("button", { name: "Choisir ce magasin" }).click();
  await confirmDefaultSlot(page, 2103, 2);
  await expect(page.locator(".site-header__mode")).toContainText("Retrait en magasin");
  expect(await cookie(context, "mode")).toBe("2");
  expect(await cookie(context, "pickupLocationId")).toBe("2103");
});

test.describe.configure({ timeout: 90_000 });

test("journey (a): grocery delivery, default slot, cart, hosted checkout, confirmation, account", async ({
  page,
}) => {
  // Signed in first (the demo customer), so that the order lands in the account's history.
  await page.goto("/compte/");
  const signIn = page.getByRole("region", { name: "Se connecter" });
  await signIn.getByLabel("Adresse e-mail").fill("marie.dupont@example.com");
  await signIn.getByLabel("Mot de passe").fill("Comptoir-2025");
  await signIn.getByRole("button", { name: "Se connecter" }).click();
  // Passwords are hashed with scrypt: signing in takes a moment.
  await expect(page.getByText(/^Bonjour /)).toBeVisible({ timeout: 15_000 });

  await page.goto("/");
  await hydrated(page);
  await openModal(page);
  await expect(
    (await deliveryToParis(page)).getByText(/Livraison par Comptoir Haussmann/),
  ).toBeVisible();
  await confirmDefaultSlot(page, 2101, 1);

  await addFromProductPage(page, "/c/epicerie-salee/");
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();

  await page.goto("/panier/");
  await hydrated(page);
  // Haussmann's zone (« Paris rive droite ») has no fee of its own, no minimum, no threshold:
  // the cart and the checkout both charge the store's DeliveryFee.
  const cartTotals = page.getByLabel("Récapitulatif");
  await expect(
    cartTotals.locator("dt", { hasText: "Frais de livraison" }).locator("+ dd"),
  ).toHaveText("5,90 €");
  await page.getByRole("button", { name: "Passer commande" }).click();

  // The hosted checkout shows the order mode's address, not asked again, and the zone's fee.
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(page.getByText("3 rue Bleue, 75009 Paris")).toBeVisible();
  await expect(page.getByRole("group", { name: "Livraison ou retrait" })).toContainText(
    "Livraison à domicile — 5,90 €",
  );
  await payOnHostedCheckout(page);

  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  await expect(page.getByRole("heading", { name: "Merci pour votre commande !" })).toBeVisible();
  await expect(page.getByText(/Votre commande n° \d{4,}/)).toBeVisible();
  // The service fee is a fee under the subtotal, as in the cart, not a bought line.
  const summary = page.getByRole("region", { name: "Récapitulatif" });
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await expect(summary.getByRole("listitem")).not.toContainText("Frais de service");
  await expect(summary.locator("dt", { hasText: "Frais de service" })).toBeVisible();
  await expect(summary.locator("dt", { hasText: "Frais de service" }).locator("+ dd")).toHaveText(
    "0,50 €",
  );
  const orderGid = decodeURIComponent(new URL(page.url()).searchParams.get("order") ?? "");
  const orderId = /Order\/(\d+)/.exec(orderGid)?.[1];
  expect(orderId).toBeDefined();

  // The order is in the account's history.
  await page.goto("/compte/?s=3");
  const link = page.locator(`a[href^="/compte/commandes/${orderId}/"]`);
  await expect(link).toHaveCount(1);
  // Its page, checked by axe as every page type is (accessibility.spec.ts).
  await page.goto((await link.getAttribute("href")) ?? "");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/n° \d{4,}/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("journey (d): a restauration product in a grocery cart opens the modal, then replaces the cart", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  const grocery = await addFromProductPage(page, "/c/epicerie-salee/");
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();

  const dish = await addFromProductPage(page, "/c/traiteur/");
  const dialog = page.locator("dialog.order-mode");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/votre panier actuel sera vidé/)).toBeVisible();
  await dialog.getByRole("button", { name: /Retrait en magasin/ }).click();
  await dialog.getByRole("radio", { name: /Comptoir Haussmann/ }).check();
  await dialog.getByRole("button", { name: "Choisir ce magasin" }).click();
  await confirmDefaultSlot(page, 2101, 2);

  // The cart now holds the dish only.
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();
  await page.goto("/panier/");
  const lines = page.getByRole("list", { name: "Articles du panier" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(dish);
  await expect(lines.first()).not.toContainText(grocery);
});

test("a stored slot in the past is replaced by the first free slot on the next visit", async ({
  page,
  context,
  baseURL,
}) => {
  // The browser's clock is frozen at the start of the test: the comparison is to the minute.
  const now = new Date();
  await page.clock.setFixedTime(now);
  const yesterday = new Date(now.getTime() - 24 * 3600_000).toISOString().slice(0, 10);
  const past = `${yesterday} 12:00-13:00`;
  const url = baseURL ?? "http://127.0.0.1";
  await context.addCookies(
    Object.entries({
      mode: "1",
      deliveryLocationId: "2101",
      deliveryAddress: JSON.stringify({ address: "3 rue Bleue", postcode: "75009", city: "Paris" }),
      deliverySlot: JSON.stringify({ slot: past, day: yesterday }),
    }).map(([name, value]) => ({ name, value: encodeURIComponent(value), url })),
  );

  await page.goto("/");
  await hydrated(page);
  const first = (await slotsOf(page, 2101, 1)).find((slot) => !slot.isFull);
  expect(first).toBeDefined();
  await expect
    .poll(async () => JSON.parse((await cookie(context, "deliverySlot")) ?? "{}"))
    .toEqual({ slot: first?.key, day: first?.key.split(" ")[0] });
  await expect(page.locator(".site-header__mode")).toContainText("Livraison");
});
