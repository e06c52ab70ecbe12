import { expect, test } from "@playwright/test";
import { type FreshShop, startFreshShop } from "./instances.ts";

/**
 * A shop's very first start, as a newcomer runs it: no ADMIN_EMAIL / ADMIN_PASSWORD, so the
 * console prints a one-time link that creates the first administrator in the browser; that
 * administrator then signs in; the link, once used, answers in French that it serves no more.
 * A server of its own (port 3230, an empty embedded database): the suite's server has its
 * administrator already.
 */
const PORT = 3230;
const EMAIL = "premiere.admin@comptoir.test";
const PASSWORD = "un mot de passe tout neuf";

let shop: FreshShop;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startFreshShop({ port: PORT });
});
test.afterAll(async () => {
  await shop?.stop();
});

test("the console's one-time link creates the first administrator, who then signs in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const link = new RegExp(`${shop.baseURL}/middleware/setup/\\?token=[\\w-]+`).exec(
    shop.output(),
  )?.[0];
  expect(link, shop.output()).toBeDefined();

  await page.goto(link ?? "");
  await expect(
    page.getByRole("heading", { name: "Créer le premier administrateur" }),
  ).toBeVisible();
  await page.getByLabel("Adresse e-mail").fill(EMAIL);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirmation du mot de passe").fill(`${PASSWORD} !`);
  await page.getByRole("button", { name: "Créer le compte administrateur" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Les deux mots de passe ne sont pas identiques.",
  );

  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirmation du mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer le compte administrateur" }).click();
  await expect(page).toHaveURL(/\/middleware\/login\/\?created=1$/, { timeout: 30_000 });
  await expect(page.getByRole("status")).toHaveText(
    "Le compte administrateur est créé : connectez-vous.",
  );

  // The first sign-in, right after the account was made.
  await page.getByLabel("Adresse e-mail").fill(EMAIL);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/middleware\/dashboard\/$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Aujourd'hui" })).toBeVisible();
  await expect(page.getByText("Commandes passées aujourd'hui", { exact: true })).toBeVisible();
  await expect(page.getByText("Commandes à préparer aujourd'hui", { exact: true })).toBeVisible();

  // The link has served: it says so, and opens no form.
  await page.goto(link ?? "");
  await expect(page.getByRole("alert")).toHaveText(
    /^Un administrateur existe déjà : ce lien ne sert plus\./,
  );
  await expect(page.getByLabel("Mot de passe")).toHaveCount(0);
});
