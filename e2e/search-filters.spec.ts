import { expect, test } from "@playwright/test";
import { hydrated, seriousViolations } from "./journeys.ts";

/**
 * Intent before text (issue 22): a diet named in a search is a filter the page shows, which the
 * shopper can take off; the search then runs on the other words alone.
 */
test("a diet named in a search is an applied filter the shopper can remove", async ({ page }) => {
  await page.goto("/search/");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Rechercher un produit" }).fill("pâtes vegan");
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Résultats pour « pâtes vegan »" }),
  ).toBeVisible();

  const applied = page.getByRole("region", { name: "Filtres appliqués" });
  await expect(applied).toContainText("Vegan");
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(await seriousViolations(page, "main")).toEqual([]);

  await applied.getByRole("link", { name: "Retirer le filtre Vegan" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Résultats pour « pâtes »" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Filtres appliqués" })).toHaveCount(0);
  await expect(page.getByRole("article").first()).toBeVisible();
});
