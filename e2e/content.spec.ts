import { type BrowserContext, expect, test } from "@playwright/test";
import { hydrated, seriousViolations } from "./journeys.ts";

/**
 * The content pages on the demo content: the home page's carousels and a click through one to a
 * product, the blog and a post, the FAQ, a CMS page, the store page, the sitemap, a missing page;
 * axe-core on the home page and the FAQ. Runs on the desktop and mobile projects.
 */

/** The cookie consent given, so that its banner stays closed (these journeys are about content). */
async function consentGiven(context: BrowserContext, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1";
  await context.addCookies([{ name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url }]);
}

test.beforeEach(async ({ context, baseURL }, info) => {
  // The accessibility check sees the page as a first visitor does, banner included.
  if (info.title.includes("accessibility")) await context.clearCookies();
  else await consentGiven(context, baseURL);
});

test("the home page shows its carousels and leads to a product", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "homepage");
  const carousels = page.locator('section[aria-roledescription="carousel"]');
  await expect(carousels).toHaveCount(10);
  await hydrated(page);

  const favourites = page.getByRole("region", { name: "Nos coups de cœur" });
  await expect(favourites).toBeVisible();
  const slides = favourites.getByRole("group");
  expect(await slides.count()).toBeGreaterThan(4);
  await expect(slides.first()).toHaveAttribute("aria-roledescription", "diapositive");

  // More slides than fit: the arrows show and "next" turns the row.
  const next = favourites.getByRole("button", { name: "Suivant : Nos coups de cœur" });
  await expect(next).toBeVisible();
  const track = favourites.locator(".carousel__track");
  // By keyboard, as the buttons must allow.
  await next.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

  // A product in view: its page opens.
  const link = slides.locator("a.product-card__link").nth(2);
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/p\/[a-z0-9-]+\/$/);
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "fiche-produit");
});

test("the home, category, product, search and FAQ pages have no serious accessibility violation", async ({
  page,
}) => {
  // Five full axe-core runs.
  test.setTimeout(150_000);
  await page.goto("/");
  await hydrated(page);
  const home = await seriousViolations(page);
  await page.goto("/faq/");
  await hydrated(page);
  // An answer open too, its content checked. Opened directly: the first-visit consent banner may
  // take the focus and covers part of the page (opening by click is tested below).
  await page.getByText("Où livrez-vous ?").evaluate((summary) => {
    const details = summary.closest("details");
    if (details) details.open = true;
  });
  await expect(
    page.getByText("Dans les 20 arrondissements de Paris", { exact: false }),
  ).toBeVisible();
  const faq = await seriousViolations(page);
  const others = [];
  for (const path of ["/c/epicerie-salee/", "/search/?q=chocolat"]) {
    await page.goto(path);
    await hydrated(page);
    others.push(...(await seriousViolations(page)));
  }
  const product = (await page.locator("a.product-card__link").first().getAttribute("href")) ?? "";
  await page.goto(product);
  await hydrated(page);
  others.push(...(await seriousViolations(page)));
  expect([...home, ...faq, ...others]).toEqual([]);
});

test("the blog lists posts and opens one, with its related posts", async ({ page }) => {
  await page.goto("/blog/");
  await expect(page.getByRole("heading", { level: 1, name: "Le blog du Comptoir" })).toBeVisible();
  const posts = page.getByRole("list", { name: "Articles" }).getByRole("article");
  await expect(posts).toHaveCount(9);
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: "Page suivante" })
    .click();
  await expect(page).toHaveURL(/\/blog\/\?page=2$/);
  await expect(posts).toHaveCount(2);

  await page.goto("/blog/");
  const title = (await posts.first().getByRole("heading").textContent()) ?? "";
  await posts.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/b\/[a-z0-9-]+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "single-blog");
  await expect(page.getByRole("heading", { name: "À lire aussi" })).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((text) => JSON.parse(text)["@type"] === "Article")).toBe(true);
});

test("the FAQ opens an answer", async ({ page }) => {
  await page.goto("/faq/");
  await expect(page.getByRole("heading", { level: 1, name: "Questions fréquentes" })).toBeVisible();
  const question = page.getByText("Où livrez-vous ?");
  const answer = page.getByText("Dans les 20 arrondissements de Paris", { exact: false });
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
});

test("a CMS page, the store page and the sitemap", async ({ page }) => {
  await page.goto("/cms/livraison-et-retrait/");
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "livraison-et-retrait");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(".rich-text p").first()).toBeVisible();

  await page.goto("/magasin/");
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "magasin");
  await expect(page.getByText("42 boulevard Haussmann").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comptoir Haussmann" })).toBeVisible();
  await expect(page.getByRole("link", { name: "01 42 68 10 10", exact: true })).toHaveAttribute(
    "href",
    "tel:+33142681010",
  );

  await page.goto("/sitemap/");
  await expect(page.getByRole("heading", { level: 1, name: "Plan du site" })).toBeVisible();
  await page.getByRole("region", { name: "Informations" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/cms\/[a-z0-9-]+\/$/);
});

test("a missing CMS page gives the 404 page", async ({ page }) => {
  const response = await page.goto("/cms/xyz/");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à la page d'accueil" })).toBeVisible();
});
