import { expect, type Page, test } from "@playwright/test";
import { claimedByReact, hydrated } from "./journeys.ts";

/**
 * What a first load lays out and hydrates (issue 24, decision 019): a listing's first screen and
 * each carousel's first slides, the rest following once the page is interactive; the main menu's
 * panels kept as the server wrote them, their links still client-side. Without JavaScript the
 * same pages show everything. Runs on the desktop and mobile projects.
 */

const CATEGORY = "/c/epicerie-salee/";
/** Cards a category lays out on a first load (product-grid.tsx). */
const FIRST_SCREEN_CARDS = 12;

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 992;

/** Console errors and uncaught errors (a hydration mismatch shows as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/** The grid's cards in the markup outside and inside its noscript. */
function cardsInMarkup(html: string) {
  const grid = html.slice(html.indexOf('class="product-grid__list"'));
  const [laidOut = "", rest = ""] = grid.split("<noscript>");
  const count = (text: string) => text.split('class="product-grid__item"').length - 1;
  return { laidOut: count(laidOut), inNoscript: count(rest.split("</noscript>")[0] ?? "") };
}

test("a category lays out its first screen, then every card of the page", async ({ page }) => {
  const html = await (await page.request.get(CATEGORY)).text();
  const { laidOut, inNoscript } = cardsInMarkup(html);
  // A push block takes two cells of the first screen.
  const push = html.includes('class="product-grid__push"');
  expect(laidOut).toBe(push ? FIRST_SCREEN_CARDS - 2 : FIRST_SCREEN_CARDS);
  expect(inNoscript).toBeGreaterThan(50);

  const errors = collectErrors(page);
  await page.goto(CATEGORY);
  await hydrated(page);
  const cards = page.locator(".product-grid__list").first().locator(".product-grid__item");
  // Left alone, the page keeps its first screen; scrolling towards its end brings the rest.
  await expect(cards).toHaveCount(laidOut);
  await expect(page.locator("main")).not.toContainText("product-grid__item");
  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(laidOut + inNoscript);
  // The last card is a card like the first: laid out in the grid, its link and price shown.
  const last = cards.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole("link").first()).toBeVisible();
  await expect(last.locator(".product-card__price")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the home page's carousels bring in their other slides as they near the viewport", async ({
  page,
}) => {
  const html = await (await page.request.get("/")).text();
  // The slides past each carousel's first ones are in its noscript.
  expect(html).toContain('<noscript><div class="carousel__slide"');

  const errors = collectErrors(page);
  await page.goto("/");
  await hydrated(page);
  // Each carousel names its slide count ("12 éléments", then "Éléments 1 à 2 sur 12"); once
  // scrolled to, it holds them all.
  const slideCount = (label: string) =>
    Number(
      label
        .match(/sur (\d+)|(\d+) éléments/)
        ?.slice(1)
        .find(Boolean) ?? 0,
    );
  const carousels = page.locator("section.carousel");
  // A noscript's markup is text while scripts run: none of it may show.
  await expect(page.locator("main")).not.toContainText("carousel__slide");
  const labels = await carousels.locator("> p[aria-live]").allTextContents();
  const total = labels.reduce((sum, label) => sum + slideCount(label), 0);
  // Those far below the first screen have not rendered their other slides yet.
  expect(await page.locator(".carousel__slide").count()).toBeLessThan(total);
  for (const carousel of await carousels.all()) {
    await carousel.scrollIntoViewIfNeeded();
    const count = slideCount((await carousel.locator("> p[aria-live]").textContent()) ?? "");
    await expect(carousel.locator(".carousel__slide")).toHaveCount(count);
  }
  expect(errors).toEqual([]);
});

test("a link of a menu panel navigates without reloading the page", async ({ page }) => {
  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  if (isMobile(page)) await page.getByRole("button", { name: "Menu", exact: true }).click();
  await nav.getByRole("button", { name: "Sous-menu Épicerie salée" }).click();
  await nav.getByRole("link", { name: "Tout le rayon épicerie salée" }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toBe(1);
});

test("a product page's related cards load their code as they near the viewport, then work", async ({
  page,
}) => {
  const html = await (await page.request.get(CATEGORY)).text();
  const product = /href="(\/p\/[^"?#]+\/)"/.exec(html)?.[1] ?? "";
  const rowCode: string[] = [];
  let documents = 0;
  page.on("request", (request) => {
    if (request.url().includes("/assets/product-card-row-")) rowCode.push(request.url());
    if (request.resourceType() === "document") documents += 1;
  });
  const errors = collectErrors(page);
  await page.goto(product);
  await hydrated(page);
  // The cards are the server's markup, shown before their code is loaded (decision 020).
  const related = page.locator(".related-products__list").first();
  const cards = related.locator("li");
  expect(await cards.count()).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  expect(rowCode).toEqual([]);

  await page.locator("#related-title").scrollIntoViewIfNeeded();
  await expect.poll(() => rowCode.length).toBe(1);
  // Hydrated (React has claimed the button; a click before that submits the form as without
  // JavaScript): a card's « Ajouter » adds in place, without loading a document.
  const add = related.getByRole("button", { name: /^Ajouter/ }).first();
  await claimedByReact(add);
  await add.click();
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();
  expect(documents).toBe(1);
  expect(errors).toEqual([]);
});

test("a product page reached from a category brings its islands' code with it", async ({
  page,
}) => {
  const rowCode: string[] = [];
  let documents = 0;
  page.on("request", (request) => {
    if (request.url().includes("/assets/product-card-row-")) rowCode.push(request.url());
    if (request.resourceType() === "document") documents += 1;
  });
  await page.goto(CATEGORY);
  await hydrated(page);
  await page.locator(".product-grid__item a[href^='/p/']").first().click();
  await expect(page.locator(".product-page")).toBeVisible();
  // Client-side: no server markup to keep, so the parts render at once, below the fold too.
  await expect(page.locator(".product-gallery")).toBeVisible();
  await expect(page.locator(".related-products__list li").first()).toBeAttached();
  expect(rowCode).toHaveLength(1);
  expect(documents).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a category shows every card of its page, in one grid", async ({ page }) => {
    await page.goto(CATEGORY);
    const cards = page.locator(".product-grid__item");
    const count = await cards.count();
    expect(count).toBeGreaterThan(FIRST_SCREEN_CARDS + 50);
    const first = await cards.first().boundingBox();
    const later = await cards.nth(FIRST_SCREEN_CARDS + 1).boundingBox();
    expect(later?.width).toBeCloseTo(first?.width ?? 0, 0);
    await expect(cards.last().locator(".product-card__price")).toBeAttached();
    await expect(page.getByRole("link", { name: "Voir plus" })).toBeVisible();
  });

  test("the home page's carousels hold every slide", async ({ page }) => {
    await page.goto("/");
    const carousel = page.locator(".carousel").first();
    const label = await carousel.locator("p[aria-live]").textContent();
    const expected = Number(label?.match(/(\d+) éléments/)?.[1]);
    await expect(carousel.locator(".carousel__slide")).toHaveCount(expected);
    const slides = carousel.locator(".carousel__slide");
    const firstBox = await slides.first().boundingBox();
    const lastBox = await slides.last().boundingBox();
    // One row: the last slide is beside the first, not below it.
    expect(lastBox?.y).toBeCloseTo(firstBox?.y ?? 0, 0);
  });

  test("a product page shows its islands' markup in place: related cards, actions, footer", async ({
    page,
  }) => {
    const html = await (await page.request.get(CATEGORY)).text();
    const product = /href="(\/p\/[^"?#]+\/)"/.exec(html)?.[1] ?? "";
    const response = await page.goto(product);
    // No content moved to a hidden element for a script to reveal (entry.server.tsx); React
    // Router's closing data script is the only thing streamed that way.
    expect(await response?.text()).not.toMatch(/<div hidden id="S:\d+"><(?!script)/);
    await expect(page.locator(".related-products__list li").first()).toBeVisible();
    await expect(page.locator(".product-page__actions")).toBeVisible();
    await expect(page.locator(".product-gallery")).toBeVisible();
    await expect(page.getByRole("region", { name: "Nos engagements" })).toBeVisible();
  });
});

test("a product card's link opens its page without reloading the document", async ({ page }) => {
  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  await page.goto("/");
  await hydrated(page);
  const link = page.locator("main .product-card__link").first();
  const path = (await link.getAttribute("href")) ?? "";
  expect(path).toMatch(/^\/p\/[^/]+\/$/);
  const title = (await link.locator(".product-card__title").textContent()) ?? "";
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  expect(documents).toBe(1);
  // Back on the home page, a click on a link with a modifier stays the browser's (a new tab).
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page
      .locator("main .product-card__link")
      .first()
      .click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await popup.close();
  await expect(page).toHaveURL(/\/$/);
  expect(documents).toBe(1);
});
