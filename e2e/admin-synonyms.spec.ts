import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { seriousViolations } from "./journeys.ts";

/**
 * Search synonyms (issue 22): staff add a synonym on the « Synonymes » screen, a French message
 * refusing a bad one first with what was typed kept; a shopper's search for the new term finds
 * the demo crémants at once, with no index rebuild; once staff delete it, the same search finds
 * nothing again (the result page the page cache kept is dropped with the edit).
 */

test.skip(({ isMobile }) => isMobile, "the admin area is an office, desktop tool");

// A term of its own on every run, far from any word of the catalogue: nothing finds it but the
// synonym.
const TERM = `zq${Date.now().toString(36).slice(-6)}`;
const CREMANT = "Crémant de Loire AOC brut";

test("staff add a synonym, a shopper's search finds through it at once, and stops once deleted", async ({
  page,
  browser,
}) => {
  await signInStaff(page);
  await page
    .getByRole("navigation", { name: "Écrans d'administration" })
    .getByRole("link", { name: "Synonymes" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Synonymes" })).toBeVisible();

  // Equivalents of different lengths are refused; the form keeps what was typed.
  const form = page.getByRole("region", { name: "Nouveau synonyme" });
  await form.getByLabel("Terme recherché", { exact: true }).fill(TERM);
  await form.getByLabel("Remplacé par", { exact: true }).fill("vin mousseux");
  await form.getByRole("radio", { name: /^Équivalents/ }).check();
  await form.getByRole("button", { name: "Ajouter le synonyme" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Le synonyme n'est pas enregistré : corrigez le formulaire.",
  );
  await expect(form.getByLabel("Remplacé par", { exact: true })).toHaveAccessibleDescription(
    /autant de mots chacun/,
  );
  await expect(form.getByLabel("Terme recherché", { exact: true })).toHaveValue(TERM);
  // The screen with its list and an error on a field: no serious accessibility violation.
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByLabel("Remplacé par", { exact: true }).fill("crémant");
  await form.getByRole("radio", { name: /^Sens unique/ }).check();
  await form.getByRole("button", { name: "Ajouter le synonyme" }).click();
  await expect(page.getByRole("status")).toHaveText(`Synonyme enregistré : « ${TERM} ».`);
  await expect(page.getByRole("rowheader", { name: TERM })).toBeVisible();

  // A shopper of their own, with no staff session.
  const context = await browser.newContext();
  try {
    const shopper = await context.newPage();
    await shopper.goto(`/search/?q=${TERM}`);
    await expect(
      shopper.getByRole("heading", { level: 1, name: `Résultats pour « ${TERM} »` }),
    ).toBeVisible();
    await expect(shopper.getByRole("article").filter({ hasText: CREMANT })).toBeVisible();

    await page.getByRole("button", { name: `Supprimer ${TERM}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Le synonyme « ${TERM} » est supprimé.`);
    await expect(page.getByRole("rowheader", { name: TERM })).toHaveCount(0);

    await shopper.goto(`/search/?q=${TERM}`);
    await expect(shopper.getByRole("status").filter({ hasText: "Aucun résultat" })).toBeVisible();
    await expect(shopper.getByRole("article").filter({ hasText: CREMANT })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
