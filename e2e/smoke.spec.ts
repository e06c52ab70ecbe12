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

test("a page paints with its own styles, hydrates with them, and the next page's sheets still load", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const sheetsFetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") sheetsFetched.push(request.url());
  });
  const frameworkEncoding = page
    .waitForResponse((response) => /\/assets\/framework-[^/]+\.js$/.test(response.url()))
    .then((response) => response.headers()["content-encoding"]);
  await page.goto("/c/epicerie-salee/");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);

  // Every sheet of the first paint is in the page; its link is there for React, but disabled.
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
      href: link.getAttribute("href") ?? "",
      disabled: link.disabled,
    })),
  );
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link, link.href).toMatchObject({ disabled: true });
  const inlined = await page.locator("style[data-href]").count();
  expect(inlined).toBe(new Set(links.map((link) => link.href.replace(/#$/, ""))).size);
  expect(sheetsFetched).toEqual([]);

  // The module preloads are not in the page as sent (the preload scanner would fetch them
  // before the content); the script at the end of the body added them, and React kept them.
  const sent = await (await page.request.get("/c/epicerie-salee/")).text();
  expect(sent).not.toContain('<link rel="modulepreload"');
  expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(5);
  // At low priority: the fonts and pictures of the first screen come first. And as the build
  // compressed them (decision 023): Brotli, for a browser that accepts it.
  const priorities = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('head link[rel="modulepreload"]')].map(
      (link) => link.fetchPriority,
    ),
  );
  expect(new Set(priorities)).toEqual(new Set(["low"]));
  expect(await frameworkEncoding).toBe("br");

  // A product page's own sheet arrives as a normal link after a client-side navigation.
  await page.locator("a.product-card__link").first().click();
  await expect(page).toHaveURL(/\/p\/[^/]+\/$/);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
          .filter((link) => /\/assets\/product-(?!card)[^/]+\.css$/.test(link.href))
          .map((link) => link.disabled),
      ),
    )
    .toEqual([false]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS(
    "font-family",
    /Cormorant Garamond/,
  );
  expect(problems).toEqual([]);
});
