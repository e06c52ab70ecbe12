import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { hydrated } from "./journeys.ts";

/**
 * The page cache while a shopper browses without full reloads (issue 18): React Router's route
 * discovery (`/__manifest?paths=…`) and data requests (`…/_.data`) and the pages' JSON never go
 * through the page cache (the answers carry no `X-Cache`), and the admin's "Cache des pages"
 * lists page addresses only. That the pages stay hits through such a journey is checked where
 * no other journey shares the cache: app/routes/page-cache.int.test.ts.
 */

test("browsing without full reloads leaves the page cache to pages", async ({ page }, info) => {
  test.skip(info.project.name === "mobile", "the admin area is an office, desktop tool");
  test.setTimeout(90_000);
  const origin = new URL(info.project.use.baseURL ?? "").origin;
  const answers: { path: string; cache: string | undefined; document: boolean }[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || /^\/(assets|cdn)\//.test(url.pathname)) return;
    answers.push({
      path: url.pathname + url.search,
      cache: response.headers()["x-cache"],
      document: response.request().resourceType() === "document",
    });
  });

  // A category, its search suggestions, then its products, a breadcrumb and the logo:
  // client-side navigations.
  await page.goto("/c/fromagerie/");
  await hydrated(page);
  // The search overlay's suggestions and category paths.
  await page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" }).fill("fromage");
  await expect(
    page.getByRole("region", { name: "Suggestions de recherche" }).getByRole("heading").first(),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent()) ?? "";
  // Hovering cards, as a shopper does on the way to one.
  for (let index = 1; index <= 5; index++) {
    await page.getByRole("article").nth(index).getByRole("link").first().hover();
  }
  await card.getByRole("link").first().click();
  // The product route is discovered on the click (a page of 50 product links is too many for
  // the router to discover them beforehand), then its module and data load.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({
    timeout: 15_000,
  });
  await page
    .getByRole("navigation", { name: "Fil d'Ariane" })
    .getByRole("link", {
      name: "Fromagerie",
    })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Fromagerie" })).toBeVisible();
  await page.getByRole("link", { name: "Comptoir, retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Fromagerie" })).toHaveCount(0);

  const isPage = (path: string) =>
    !path.startsWith("/__manifest") && !/\.(data|json)(\?|$)/.test(path.replace(/\?.*$/, ""));
  const routerRequests = answers.filter((answer) => !isPage(answer.path));
  expect(routerRequests.some((answer) => answer.path.startsWith("/__manifest?paths="))).toBe(true);
  expect(routerRequests.some((answer) => /\/_\.data(\?|$)/.test(answer.path))).toBe(true);
  // The page cache never looked at them; the documents went through it.
  expect(routerRequests.filter((answer) => answer.cache !== undefined)).toEqual([]);
  const documents = answers.filter((answer) => answer.document);
  expect(documents.length).toBeGreaterThan(0);
  for (const document of documents) expect(document.cache, document.path).toMatch(/^(HIT|MISS)$/);

  // The admin's list of cached pages holds page addresses only.
  const admin = await page.context().newPage();
  await signInStaff(admin);
  await admin.getByRole("link", { name: "Cache des pages" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Cache des pages" })).toBeVisible();
  const cached = await admin.getByRole("table").getByRole("row").locator("td:first-child").all();
  const addresses = await Promise.all(cached.map((cell) => cell.textContent()));
  expect(addresses.length).toBeGreaterThan(0);
  expect(addresses.filter((address) => !isPage(address ?? ""))).toEqual([]);
});
