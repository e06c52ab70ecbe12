import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { hydrated, seriousViolations } from "./journeys.ts";

/**
 * « Vouliez-vous dire … ? » (issue 22): a shopper's misspelt search finds nothing, the page
 * suggests the closest query that does, and the search shows on the office dashboard among the
 * searches that found nothing. Runs on the desktop and mobile projects, which may count the same
 * term on one server: the dashboard's count is only read as a number.
 */

/** Two letters wrong: too far for the search's silent correction, close enough to suggest. */
const MISSPELT = "Chacolet";

test("a misspelt search suggests a query that finds products, and staff see it on the dashboard", async ({
  page,
}) => {
  await page.goto("/search/");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Rechercher un produit" }).fill(MISSPELT);
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
  await expect(page).toHaveURL(/q=Chacolet/);

  const empty = page.getByRole("status").filter({ hasText: "Aucun résultat" });
  await expect(empty).toContainText("Vouliez-vous dire chocolat ?");
  expect(await seriousViolations(page, "main")).toEqual([]);
  await empty.getByRole("link", { name: "chocolat", exact: true }).click();
  await expect(page).toHaveURL(/\/search\/\?q=chocolat$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Résultats pour « chocolat »" }),
  ).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();

  await signInStaff(page);
  const panel = page.getByRole("region", { name: "Recherches sans résultat (30 derniers jours)" });
  await expect(panel.getByRole("row", { name: /^chacolet \d+ / })).toBeVisible();
});
