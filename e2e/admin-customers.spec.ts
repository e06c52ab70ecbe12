import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";

/**
 * Customers and GDPR (issue 19, items 3 and 7), in Chromium from an office address: a shopper
 * registers; an operator sees the daily figures on the dashboard, finds the shopper on the
 * « Clients » screen, downloads their data as JSON, and erases them once the email is typed
 * again, after which nobody is found.
 */
test.skip(({ isMobile }) => isMobile, "the admin area is an office, desktop tool");
// Two staff sign-ins and a registration hash passwords (scrypt): seconds each on a busy machine.
test.setTimeout(120_000);

async function newOperator(page: Page, email: string): Promise<string> {
  await signInStaff(page);
  await page.goto("/middleware/staff/");
  await page.getByLabel("Nom", { exact: true }).fill("Olivier Opérateur");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.locator("#new-role").selectOption({ label: "Opérateur" });
  await page.getByRole("button", { name: "Créer le compte" }).click();
  await expect(page.getByRole("status")).toContainText("Compte créé pour Olivier Opérateur");
  return page.getByLabel("Mot de passe provisoire").inputValue();
}

test("an operator finds a customer, exports their data and erases them", async ({
  page,
  browser,
}, testInfo) => {
  const run = `${testInfo.project.name}-${testInfo.retry}-${testInfo.workerIndex}`;
  const shopper = `rgpd.${run}@exemple.test`;
  const operatorEmail = `operateur.${run}@comptoir.test`;

  // The shopper registers.
  const shop = await browser.newContext({ storageState: undefined });
  const shopPage = await shop.newPage();
  await shopPage.goto("/compte/");
  const register = shopPage.getByRole("region", { name: "Créer un compte" });
  await register.getByLabel("Prénom").fill("Romane");
  await register.getByLabel("Nom", { exact: true }).fill("Lefèvre");
  await register.getByLabel("E-mail", { exact: true }).fill(shopper);
  await register.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(register.getByRole("status")).toContainText("Un e-mail d'activation", {
    timeout: 15_000,
  });
  await shop.close();

  // An operator, in a browser of their own.
  const password = await newOperator(page, operatorEmail);
  const office = await browser.newContext({ storageState: undefined, acceptDownloads: true });
  const operator = await office.newPage();
  await operator.goto("/middleware/login/");
  await operator.getByLabel("Adresse e-mail").fill(operatorEmail);
  await operator.getByLabel("Mot de passe").fill(password);
  await operator.getByRole("button", { name: "Se connecter" }).click();
  await expect(operator).toHaveURL(/\/middleware\/dashboard\/$/, { timeout: 30_000 });

  // The dashboard's daily figures, then a range of days of one's own.
  await expect(operator.getByRole("heading", { name: /^Chiffres du / })).toBeVisible();
  const days = operator.getByRole("table", { name: "Commandes et chiffre d'affaires par jour" });
  await expect(days.getByRole("row")).toHaveCount(9);
  await expect(days.getByRole("columnheader", { name: "Panier moyen" })).toBeVisible();
  await expect(
    operator.getByRole("table", { name: "Par magasin" }).getByRole("columnheader", {
      name: "Magasin",
    }),
  ).toBeVisible();
  await operator.getByLabel("Du", { exact: true }).fill("2026-11-01");
  await operator.getByLabel("au", { exact: true }).fill("2026-11-03");
  await operator.getByRole("button", { name: "Afficher" }).click();
  await expect(
    operator.getByRole("heading", { name: "Chiffres du 1 novembre 2026 au 3 novembre 2026" }),
  ).toBeVisible();
  await expect(days.getByRole("row")).toHaveCount(5);

  // Find the shopper.
  await operator
    .getByRole("navigation", { name: "Écrans d'administration" })
    .getByRole("link", { name: "Clients" })
    .click();
  await operator.getByLabel("Nom, e-mail ou téléphone").fill(shopper);
  await operator.getByRole("button", { name: "Filtrer" }).click();
  await operator.getByRole("link", { name: "Romane Lefèvre" }).click();
  await expect(operator.getByRole("heading", { name: "Romane Lefèvre", level: 1 })).toBeVisible();
  await expect(operator.getByText(shopper).first()).toBeVisible();

  // Export: a JSON file with the account.
  const downloading = operator.waitForEvent("download");
  await operator.getByRole("button", { name: "Exporter les données" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^client-c\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path()) ?? "", "utf8"));
  expect(exported.commerce.account).toMatchObject({
    email: shopper,
    firstName: "Romane",
    lastName: "Lefèvre",
  });
  expect(exported.commerce.account.passwordHash).toBeUndefined();
  expect(exported.messages.map((message: { kind: string }) => message.kind)).toContain(
    "customer-activation",
  );

  // Erase: refused until the email is typed again, then done.
  await operator.getByText("Effacer", { exact: true }).click();
  const confirmation = operator.getByLabel(`Pour confirmer, saisissez « ${shopper} »`);
  await confirmation.fill("quelqu.un@exemple.test");
  await operator.getByRole("button", { name: "Effacer définitivement" }).click();
  await expect(operator.getByRole("alert")).toContainText("Rien n'a été effacé.");
  // The confirmation stays open with the message.
  await confirmation.fill(shopper);
  await operator.getByRole("button", { name: "Effacer définitivement" }).click();
  await expect(operator.getByRole("status")).toContainText("Client effacé");
  await operator.getByLabel("Nom, e-mail ou téléphone").fill(shopper);
  await operator.getByRole("button", { name: "Filtrer" }).click();
  await expect(operator.getByText("Aucun client ne correspond à cette recherche.")).toBeVisible();
  await office.close();
});
