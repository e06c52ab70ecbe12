import { expect, type Page, test } from "@playwright/test";
import { hydrated, seriousViolations } from "./journeys.ts";

/**
 * A cheese cut to order and sold by weight (issue 23): the shopper finds it « à partir de » its
 * lightest weight in the pressed cheeses, chooses 500 g on its page with the keyboard, sees that
 * weight's price and the price per kilogram, adds it, and the cart names the weight and the price
 * per kilogram.
 */

test.describe.configure({ timeout: 90_000 });

/** The page of the first pressed cheese whose 500 g is cut today, reached from its card. */
async function openCheeseWith500g(page: Page): Promise<string> {
  await page.goto("/c/fromagerie/pates-pressees/");
  const cards = page.getByRole("article").filter({ hasText: "à partir de" });
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    await expect(card).toContainText(/À la coupe · \d+,\d\d\s€\/kg/);
    const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
    await card.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await hydrated(page);
    const weights = page.getByRole("group", { name: "Poids" });
    if (await weights.getByRole("radio", { name: /^500 g/ }).isEnabled()) return title;
    await page.goBack();
  }
  throw new Error("no pressed cheese is cut at 500 g in the demo catalogue");
}

test("a shopper chooses 500 g of a cut cheese, sees its price and the price per kilogram, and finds them in the cart", async ({
  page,
}) => {
  const title = await openCheeseWith500g(page);
  const weights = page.getByRole("group", { name: "Poids" });
  await expect(weights.getByRole("radio")).toHaveCount(3);
  const light = weights.getByRole("radio", { name: /^250 g/ });
  const half = weights.getByRole("radio", { name: /^500 g/ });
  await expect(weights.getByRole("radio", { name: /^1 kg/ })).toBeVisible();
  const chosen = page.getByRole("status", { name: "Prix du poids choisi" });
  const perKg = /soit (\d+,\d\d\s€\/kg)/.exec((await chosen.textContent()) ?? "")?.[1] ?? "";
  expect(perKg).not.toBe("");
  await expect(page.getByText("Coupé à la demande par notre fromager.")).toBeVisible();

  // With the keyboard: the lightest weight is chosen first, an arrow moves to 500 g.
  if (await light.isEnabled()) {
    await expect(light).toBeChecked();
    await light.focus();
    await page.keyboard.press("ArrowRight");
  } else {
    await half.focus();
    await page.keyboard.press("Space");
  }
  await expect(half).toBeChecked();
  await expect(half).toBeFocused();
  // Each weight's button names its price: « 500 g 19,75 € ».
  const price = /(\d+,\d\d\s€)/.exec(await half.ariaSnapshot())?.[1] ?? "";
  expect(price).not.toBe("");
  await expect(chosen).toContainText(price);
  await expect(chosen).toContainText(`500 g · soit ${perKg}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();

  await page.goto("/panier/");
  const line = page
    .getByRole("list", { name: "Articles du panier" })
    .getByRole("listitem")
    .filter({ hasText: title });
  await expect(line).toContainText(`${title} — 500 g`);
  await expect(line).toContainText(`À la coupe · ${perKg}`);
  await expect(line).toContainText(price);
});
