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
