import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { hydrated } from "./journeys.ts";

/**
 * The storefront cart on the demo data (storefront.md §4, issue 8): adding from the product
 * cards, quantities in the cart panel (fast clicks included), the cap, removing, the cart kept
 * across a reload; the same without JavaScript on /panier/; and the shared page cache never
 * showing one visitor's cart to another. Runs on the desktop and mobile projects.
 */

const CATEGORY = "/c/fromagerie/";

// Many clicks and two contexts: more than the default 30 s on a slow machine.
test.setTimeout(90_000);

/** The cookie consent given, so that its banner stays closed (this journey is about the cart). */
async function consentGiven(context: BrowserContext, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1";
  await context.addCookies([{ name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url }]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await consentGiven(context, baseURL);
});

/** The titles of the first `count` cards that can be added. */
async function addableCards(page: Page, count: number): Promise<string[]> {
  const buttons = page.getByRole("article").getByRole("button", { name: /^Ajouter .+ au panier$/ });
  await expect(buttons.nth(count - 1)).toBeVisible();
  const titles: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = (await buttons.nth(index).textContent()) ?? "";
    titles.push(name.replace(/^Ajouter\s*/, "").replace(/\s*au panier$/, ""));
  }
  return titles;
}

function cartButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Panier, \d+ articles?$/ });
}

/** Every change confirmed by the server (the button is busy while some wait). */
async function cartSettled(page: Page) {
  await expect(cartButton(page)).not.toHaveAttribute("aria-busy", "true");
}

async function openPanel(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const panel = page.getByRole("dialog", { name: "Mon panier" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("list", { name: "Articles du panier" })).toBeVisible();
  return panel;
}

/** The first product of a category's page added to an empty cart, and the cart panel open. */
async function oneProductInPanel(page: Page, category: string): Promise<Locator> {
  await page.goto(category);
  await hydrated(page);
  const [title] = (await addableCards(page, 1)) as [string];
  await page.getByRole("button", { name: `Ajouter ${title} au panier` }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Panier, 1 article");
  await cartSettled(page);
  return openPanel(page);
}

function quantityOf(scope: Locator | Page, title: string): Locator {
  return scope.getByLabel(`Quantité de ${title}`, { exact: true });
}

test("a visitor adds three products, changes quantities, hits the cap, removes one and finds the cart after a reload", async ({
  page,
}) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  await expect(cartButton(page)).toHaveAccessibleName("Panier, 0 article");

  const [first, second, third] = (await addableCards(page, 3)) as [string, string, string];
  for (const title of [first, second, third]) {
    await page.getByRole("button", { name: `Ajouter ${title} au panier` }).click();
  }
  await expect(cartButton(page)).toHaveAccessibleName("Panier, 3 articles");
  await expect(
    page.getByRole("status").filter({ hasText: "Produit ajouté au panier" }),
  ).toBeVisible();
  // The card now knows the cart: a remove button and the quantity in the cart.
  await expect(page.getByRole("button", { name: `Retirer un ${first} du panier` })).toBeVisible();

  const panel = await openPanel(page);
  for (const title of [first, second, third]) {
    await expect(quantityOf(panel, title)).toHaveText("1");
  }

  // Fast clicks on "+": none lost, none doubled, up to the product's cap.
  const cap = Number(await panel.getByLabel(`Nouvelle quantité de ${first}`).getAttribute("max"));
  expect(cap).toBeGreaterThan(1);
  const plus = panel.getByRole("button", { name: `Ajouter un ${first}` });
  for (let click = 1; click < cap; click += 1) await plus.click();
  await expect(quantityOf(panel, first)).toHaveText(String(cap));
  await plus.click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `Quantité maximale atteinte pour ce produit (${cap})` }),
  ).toBeVisible();
  await expect(quantityOf(panel, first)).toHaveText(String(cap));

  // Two more of the second, then one less.
  const secondPlus = panel.getByRole("button", { name: `Ajouter un ${second}` });
  await secondPlus.click();
  await secondPlus.click();
  await panel.getByRole("button", { name: `Retirer un ${second}` }).click();
  await expect(quantityOf(panel, second)).toHaveText("2");

  // The third goes.
  await panel.getByRole("button", { name: `Supprimer ${third} du panier` }).click();
  await expect(quantityOf(panel, third)).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName(`Panier, ${cap + 2} articles`);
  await expect(panel.getByText("Frais de service")).toBeVisible();
  await expect(panel.getByText("Passer commande")).toBeVisible();

  await cartSettled(page);
  await page.reload();
  await hydrated(page);
  await expect(cartButton(page)).toHaveAccessibleName(`Panier, ${cap + 2} articles`);
  const again = await openPanel(page);
  await expect(quantityOf(again, first)).toHaveText(String(cap));
  await expect(quantityOf(again, second)).toHaveText("2");
  await expect(quantityOf(again, third)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem("cartId"))).toMatch(
    /^gid:\/\/shopify\/Cart\//,
  );

  // Escape closes the panel and gives the focus back to the cart button.
  await page.keyboard.press("Escape");
  await expect(again).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
});

test("a cached category page does not show another visitor's cart", async ({ page, browser }) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  const [title] = (await addableCards(page, 1)) as [string];
  await page.getByRole("button", { name: `Ajouter ${title} au panier` }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Panier, 1 article");
  await cartSettled(page);
  await page.reload();
  await hydrated(page);
  await expect(cartButton(page)).toHaveAccessibleName("Panier, 1 article");

  const other = await browser.newContext();
  await consentGiven(other, test.info().project.use.baseURL);
  try {
    const visitor = await other.newPage();
    const response = await visitor.goto(CATEGORY);
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("gid://shopify/Cart/");
    expect(html).not.toContain("Panier, 1 article");
    await hydrated(visitor);
    await expect(cartButton(visitor)).toHaveAccessibleName("Panier, 0 article");
    await expect(
      visitor.getByRole("button", { name: `Retirer un ${title} du panier` }),
    ).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test("a promo code that does not apply is refused with its reason, not kept in the cart", async ({
  page,
}) => {
  const panel = await oneProductInPanel(page, CATEGORY);
  const field = panel.getByLabel("Code promo");
  for (const [code, reason] of [
    ["nimporte", "Le code promo « NIMPORTE » n'existe pas."],
    ["ete2024", "Le code promo « ETE2024 » a expiré."],
  ] as const) {
    await field.fill(code);
    await panel.getByRole("button", { name: "Appliquer" }).click();
    await expect(page.getByRole("alert").filter({ hasText: reason })).toBeVisible();
    await cartSettled(page);
    await expect(panel.getByText("non applicable")).toHaveCount(0);
    await expect(
      panel.getByRole("button", { name: `Retirer le code ${code.toUpperCase()}` }),
    ).toHaveCount(0);
  }
});

test("a bottle in the cart brings the health message, and no promo code takes from it", async ({
  page,
}) => {
  const panel = await oneProductInPanel(page, "/c/cave/");
  await expect(
    panel.getByText("L'abus d'alcool est dangereux pour la santé, à consommer avec modération."),
  ).toBeVisible();
  await panel.getByLabel("Code promo").fill("noel5");
  await panel.getByRole("button", { name: "Appliquer" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Le code promo « NOEL5 » ne s'applique pas aux boissons alcoolisées." }),
  ).toBeVisible();
  await cartSettled(page);
  await expect(panel.getByText("Remise", { exact: true })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds, changes the quantity and removes on /panier/", async ({ page }) => {
    await page.goto(CATEGORY);
    const [title] = (await addableCards(page, 1)) as [string];
    await page.getByRole("button", { name: `Ajouter ${title} au panier` }).click();
    await expect(page).toHaveURL(/\/panier\/$/);
    await expect(page.getByText("Produit ajouté au panier")).toBeVisible();
    await expect(quantityOf(page, title)).toHaveText("1");

    await page.getByLabel(`Nouvelle quantité de ${title}`).fill("3");
    await page.getByRole("button", { name: `Modifier la quantité de ${title}` }).click();
    await expect(quantityOf(page, title)).toHaveText("3");

    await page.getByRole("button", { name: `Retirer un ${title}` }).click();
    await expect(quantityOf(page, title)).toHaveText("2");
    await page.getByRole("button", { name: `Ajouter un ${title}` }).click();
    await expect(quantityOf(page, title)).toHaveText("3");

    await page.getByRole("button", { name: `Supprimer ${title} du panier` }).click();
    await expect(page.getByText("Votre panier est vide.")).toBeVisible();
  });
});
