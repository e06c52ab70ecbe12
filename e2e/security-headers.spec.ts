import { expect, type Page, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import {
  claimedByReact,
  deliveryToParis,
  hydrated,
  openModal,
  payOnHostedCheckout,
} from "./journeys.ts";

/**
 * The Content-Security-Policy in a real browser (issue 16): hydration, the product gallery, the
 * search overlay, the cart panel, the order-mode modal, the consent banner, the hosted checkout
 * and the admin screens all run under the production CSP without one violation. Violations are
 * collected from the `securitypolicyviolation` event (installed before any page script) and from
 * the console, on every page a journey visits.
 */

// Several pages and the checkout per journey: more than the default 30 s on a slow machine.
test.setTimeout(90_000);

let violations: string[];

test.beforeEach(async ({ page }) => {
  violations = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${event.effectiveDirective} ${event.blockedURI} at ${event.documentURI}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});

test.afterEach(() => {
  expect(violations).toEqual([]);
});

/** The page came with a nonce-based policy: the journey is not passing for want of one. */
async function underCsp(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+'/);
  await hydrated(page);
}

test("hydration, the search overlay, the product gallery and the cart panel", async ({ page }) => {
  await underCsp(page, "/");
  const field = page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" });
  await field.fill("cho");
  const overlay = page.getByRole("region", { name: "Suggestions de recherche" });
  await expect(overlay.getByRole("listitem").first()).toBeVisible();

  await underCsp(page, "/c/fromagerie/");
  const card = page.locator("article:not(.product-card--unavailable)").locator("a[href^='/p/']");
  await underCsp(page, (await card.first().getAttribute("href")) ?? "");
  const zoom = page.getByRole("link", { name: /^Agrandir l'image :/ });
  await claimedByReact(zoom);
  await zoom.click();
  const gallery = page.getByRole("dialog");
  await expect(gallery).toBeVisible();
  await gallery.getByRole("button", { name: "Fermer" }).click();

  const add = page.locator("form.add-to-cart button[type=submit]");
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();
  await page.getByRole("button", { name: /^Panier, \d+ articles?$/ }).click();
  await expect(page.getByRole("dialog", { name: "Mon panier" })).toBeVisible();
});

test("the order-mode modal, then the hosted checkout to the confirmation", async ({ page }) => {
  await underCsp(page, "/");
  await openModal(page);
  const dialog = await deliveryToParis(page);
  await dialog.getByRole("button", { name: "Valider ce créneau" }).click();
  await expect(dialog).toBeHidden();

  await underCsp(page, "/c/epicerie-salee/");
  const card = page.locator("article:not(.product-card--unavailable)").locator("a[href^='/p/']");
  await underCsp(page, (await card.first().getAttribute("href")) ?? "");
  const add = page.locator("form.add-to-cart button[type=submit]");
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();

  await underCsp(page, "/panier/");
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(page.getByRole("heading", { name: "Finaliser ma commande" })).toBeVisible();
  // The checkout's own stylesheet applied (its inline <style> carries the nonce).
  await expect(page.getByRole("button", { name: "Payer", exact: true })).toHaveCSS(
    "background-color",
    "rgb(122, 46, 29)",
  );
  await payOnHostedCheckout(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  await expect(page.getByRole("heading", { name: "Merci pour votre commande !" })).toBeVisible();
});

test.describe("on a first visit", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the consent banner opens and records a choice", async ({ page }) => {
    await underCsp(page, "/");
    const banner = page.getByRole("dialog", { name: "Vos choix en matière de cookies" });
    // Loaded on demand after hydration: the first load of its chunk may take a moment.
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await banner.getByRole("button", { name: "Tout accepter" }).click();
    await expect(banner).toHaveCount(0);
  });
});

test("the admin screens", async ({ page }) => {
  await signInStaff(page);
  for (const path of ["/middleware/dashboard/", "/middleware/products/", "/middleware/images/"]) {
    await underCsp(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await underCsp(page, "/middleware/products/?archive=non&dispo=en-vente");
  await page.getByRole("table").getByRole("row").nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/\/middleware\/products\/[a-z0-9-]+\/$/);
  await expect(page.getByRole("button", { name: "Enregistrer" })).toBeVisible();
});
