import { expect, test } from "@playwright/test";

test("the home page renders on the server", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("heading", { level: 1, name: "Bienvenue au Comptoir" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Comptoir, retour à l'accueil" })).toBeVisible();
  await expect(page).toHaveTitle(/Comptoir/);
});

test("an unknown page answers 404 with the error page", async ({ page }) => {
  const response = await page.goto("/nowhere/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Besoin d'aide ?" })).toHaveAttribute(
    "href",
    "/faq/",
  );

  await page.getByRole("link", { name: "Retour à la page d'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Bienvenue au Comptoir" }),
  ).toBeVisible();
});

test("a path without a trailing slash is redirected before it renders", async ({ page }) => {
  await page.goto("/nowhere?x=1");
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/nowhere/?x=1");
});

test("navigation happens in the page and scrolls to the top", async ({ page }) => {
  await page.goto("/");
  // Hydrated: React Router has taken over the document.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.evaluate(() => {
    document.body.style.minHeight = "5000px";
    window.scrollTo(0, 1200);
    Object.assign(window, { samePage: true });
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // A click on a header link, without scrolling it into view first.
  await page.evaluate(() =>
    document.querySelector<HTMLAnchorElement>('header a[href="/faq/"]')?.click(),
  );
  await expect(page).toHaveURL(/\/faq\/$/);
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
