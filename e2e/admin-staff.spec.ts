import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";

/**
 * Staff and roles (issue 19, item 6), in Chromium from an office address: an administrator adds
 * an editor from the "Équipe" screen and hands over the temporary password; the editor signs in,
 * sees only the catalogue's screens, and is refused the staff screen.
 */
test.skip(({ isMobile }) => isMobile, "the admin area is an office, desktop tool");

test("an administrator adds an editor, who cannot open the staff screen", async ({
  page,
  browser,
}) => {
  // Two sessions, the dashboard's daily figures and the staff screens: slow on a loaded CI.
  test.setTimeout(90_000);
  await signInStaff(page);
  await page.getByRole("link", { name: "Équipe" }).click();
  await expect(page.getByRole("heading", { name: "Équipe", level: 1 })).toBeVisible();
  const email = `editrice.${test.info().project.name}.${test.info().retry}@comptoir.test`;
  await page.getByLabel("Nom", { exact: true }).fill("Élise Éditrice");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.locator("#new-role").selectOption({ label: "Éditeur" });
  await page.getByRole("button", { name: "Créer le compte" }).click();
  await expect(page.getByRole("status")).toContainText("Compte créé pour Élise Éditrice (Éditeur)");
  const password = await page.getByLabel("Mot de passe provisoire").inputValue();
  expect(password.length).toBeGreaterThanOrEqual(16);
  await expect(page.getByRole("row", { name: /Élise Éditrice/ })).toContainText("Actif");

  // The editor, in a browser of her own.
  const context = await browser.newContext({ storageState: undefined });
  const editor = await context.newPage();
  await editor.goto("/middleware/login/");
  await editor.getByLabel("Adresse e-mail").fill(email);
  await editor.getByLabel("Mot de passe").fill(password);
  await editor.getByRole("button", { name: "Se connecter" }).click();
  await expect(editor).toHaveURL(/\/middleware\/dashboard\/$/, { timeout: 30_000 });
  await expect(editor.getByText("Élise Éditrice · Éditeur")).toBeVisible();
  const nav = editor.getByRole("navigation", { name: "Écrans d'administration" });
  await expect(nav.getByRole("link", { name: "Produits", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Équipe" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Préparation des commandes" })).toHaveCount(0);
  const refused = await editor.goto("/middleware/staff/");
  expect(refused?.status()).toBe(403);
  // The shop's error page, with the reason.
  await expect(
    editor.getByRole("heading", {
      name: "Accès refusé : votre rôle (Éditeur) ne permet pas cette action.",
    }),
  ).toBeVisible();
  await context.close();
});
