import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";

/**
 * URL redirects (issue 21): staff add a redirect from an old address of the shop to a real page
 * on the redirects screen, a French message refusing a dangerous target first; a shopper who
 * opens the old address (as a bookmark or an old link would) lands on the page.
 */

test.skip(({ isMobile }) => isMobile, "the admin area is an office, desktop tool");

// An old address of its own on every run: the journeys' database outlives a run.
const RUN = Date.now().toString(36).slice(-6);
const OLD_ADDRESS = `/pages/questions-${RUN}`;

test("staff redirect an old address to the FAQ, and a shopper opening it lands there", async ({
  page,
  browser,
}) => {
  await signInStaff(page);
  await page
    .getByRole("navigation", { name: "Écrans d'administration" })
    .getByRole("link", {
      name: "Redirections",
    })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Redirections" })).toBeVisible();

  const form = page.getByRole("region", { name: "Nouvelle redirection" });
  await form.getByLabel("Ancienne adresse").fill(`${OLD_ADDRESS}/`);
  await form.getByLabel("Destination").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Créer la redirection" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "La redirection n'est pas enregistrée : corrigez le formulaire.",
  );
  await expect(form.getByLabel("Destination")).toHaveAccessibleDescription(/https:\/\//);

  await form.getByLabel("Destination").fill("/faq/");
  await form.getByRole("button", { name: "Créer la redirection" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `La redirection de « ${OLD_ADDRESS} » est enregistrée.`,
  );
  await expect(page.getByRole("rowheader", { name: OLD_ADDRESS })).toBeVisible();

  // A shopper of their own, with no staff session.
  const context = await browser.newContext();
  try {
    const shopper = await context.newPage();
    await shopper.goto(`${OLD_ADDRESS}?utm_source=ancien-lien`);
    await expect(shopper).toHaveURL(/\/faq\/\?utm_source=ancien-lien$/);
    await expect(
      shopper.getByRole("heading", { level: 1, name: "Questions fréquentes" }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
