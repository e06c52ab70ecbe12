import { expect, type Page } from "@playwright/test";

/** The administrator the browser tests' server starts with (playwright.config.ts). */
export const E2E_ADMIN = { email: "chef@comptoir.test", password: "e2e-admin-secret-2026" };

/**
 * Signs the e2e administrator in on `page` and waits for the dashboard. Signing in hashes the
 * password (scrypt): on a busy machine running journeys in parallel that takes seconds.
 */
export async function signInStaff(page: Page) {
  await page.goto("/middleware/login/");
  await page.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Mot de passe").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/middleware\/dashboard\/$/, { timeout: 30_000 });
}

/**
 * Opens the edit screen of the first product on sale, among the products list's `rows`, whose
 * prices are typed (not one sold by weight, priced from its price per kilogram), and gives its
 * handle. Journeys that run at the same time take rows no other takes, so that they never edit
 * the same product (e2e/admin-catalogue.spec.ts says which). The demo list starts with a cheese
 * sold by weight.
 */
export async function openTypedPriceProduct(page: Page, rows: number[]): Promise<string> {
  for (const next of rows) {
    await page.goto("/middleware/products/?archive=non&dispo=en-vente");
    await page.getByRole("table").getByRole("row").nth(next).getByRole("link").click();
    await expect(page).toHaveURL(/\/middleware\/products\/[a-z0-9-]+\/$/);
    const byWeight = page.getByRole("checkbox", { name: "Vendu au poids, coupé à la demande" });
    if (!(await byWeight.isChecked())) return new URL(page.url()).pathname.split("/")[3] ?? "";
  }
  throw new Error(`no product with typed prices in rows ${rows.join(", ")}`);
}

/**
 * On a page signed in as staff: the link of the newest message of `kind` sent to `email`, read
 * in the admin area's outbox screen (docs/notify.md).
 */
export async function outboxLink(admin: Page, email: string, kind: string): Promise<string> {
  await admin.goto(`/middleware/outbox/?a=${encodeURIComponent(email)}`);
  const text = await admin
    .getByRole("figure", { name: `Texte du message ${kind}` })
    .first()
    .textContent();
  const link = /https?:\/\/[^\s<>"]+/.exec(text ?? "")?.[0];
  if (!link) throw new Error(`no ${kind} link for ${email}`);
  return new URL(link).pathname;
}

/** A 2×2 PNG, written out so the journeys need no fixture file. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFElEQVQImWM4M5PhzEwGED4zkwEAKkoFlSDGebQAAAAASUVORK5CYII=",
  "base64",
);

/**
 * Uploads a small PNG to the image library under the given file name and type, and returns the
 * path it is stored at: `uploads/<stored>-<8 hex digits>.png`.
 */
export async function uploadImage(
  page: Page,
  file: { name: string; mimeType: string },
  stored: string,
): Promise<string> {
  await page.goto("/middleware/images/");
  await page.getByLabel(/^Image \(JPEG, PNG ou WebP/).setInputFiles({ ...file, buffer: TINY_PNG });
  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  const status = page.getByRole("status");
  const path = new RegExp(`uploads/${stored}-[0-9a-f]{8}\\.png`);
  await expect(status).toContainText(path);
  return path.exec((await status.textContent()) ?? "")?.[0] ?? "";
}

/** On a product's edit screen, attaches a library image with its alternative text. */
export async function attachImage(page: Page, path: string, alt: string) {
  await page.getByLabel("Image de la bibliothèque").fill(path);
  await page.getByLabel("Texte alternatif", { exact: true }).fill(alt);
  await page.getByRole("button", { name: "Ajouter l'image" }).click();
  await expect(page.getByRole("status")).toHaveText("Modifications enregistrées.");
}

/** On a product's edit screen, sets its first price (with no crossed-out price) and saves. */
export async function savePrice(page: Page, price: string) {
  await page
    .getByLabel(/^Prix de /)
    .first()
    .fill(price);
  await page
    .getByLabel(/^Prix barré de /)
    .first()
    .fill("");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Modifications enregistrées.");
}
