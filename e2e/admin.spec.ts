import { expect, test } from "@playwright/test";
import { E2E_ADMIN, signInStaff } from "./admin-account.ts";

test("staff sign in to the admin area, see the dashboard, and sign out", async ({ page }) => {
  await page.goto("/middleware/dashboard/");
  await expect(page).toHaveURL(/\/middleware\/login\/\?next=/);
  await expect(page.getByRole("heading", { name: "Administration Comptoir" })).toBeVisible();

  await page.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Mot de passe").fill("pas le bon mot de passe");
  // Each attempt hashes the password (scrypt): seconds on a machine busy with other journeys.
  const hashing = { timeout: 30_000 };
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Adresse e-mail ou mot de passe incorrect.",
    hashing,
  );

  await page.getByLabel("Mot de passe").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/middleware\/dashboard\/$/, hashing);
  await expect(
    page.getByRole("heading", { level: 1, name: "Bonjour Administrateur" }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Écrans d'administration" })).toBeVisible();
  // Who is signed in, named once: the first administrator's name is its role, so its email.
  await expect(page.getByText(`${E2E_ADMIN.email} · Administrateur`)).toBeVisible();
  await expect(page.getByText("Administrateur · Administrateur")).toHaveCount(0);
  // The admin area has its own layout: no shop header.
  await expect(page.getByRole("link", { name: "Comptoir, retour à l'accueil" })).toHaveCount(0);

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/middleware\/login\/$/);
  await page.goto("/middleware/dashboard/");
  await expect(page).toHaveURL(/\/middleware\/login\/\?next=/);
});

test("an unknown admin screen answers 500 'Unknown middleware'", async ({ page }) => {
  await signInStaff(page);
  const response = await page.goto("/middleware/no-such-screen/");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { name: "Unknown middleware" })).toBeVisible();
});
