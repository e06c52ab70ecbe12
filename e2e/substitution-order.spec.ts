import { expect, type Page, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { addGroceryProduct, hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";

/**
 * A substitution choice per cart line (issue 23): the shopper refuses a substitute for one product
 * in the cart, with the keyboard; the confirmation says so per line, and so does the staff's
 * preparation sheet.
 */

test.describe.configure({ timeout: 120_000 });

/** The cart page's line of a product, found by its place in the list, and its title. */
async function cartLine(page: Page, index: number) {
  const line = page
    .getByRole("list", { name: "Articles du panier" })
    .getByRole("listitem")
    .nth(index);
  const title = ((await line.getByRole("link").first().textContent()) ?? "").trim();
  expect(title).not.toBe("");
  return { line, title };
}

test("a shopper refuses a substitute for one line; the confirmation and the preparation sheet say so", async ({
  page,
}) => {
  // Comptoir Rive Gauche: the other journeys' orders fill Comptoir Haussmann's first slot.
  await pickUpAtFirstSlot(page, /Comptoir Rive Gauche/);
  await addGroceryProduct(page, "/c/epicerie-sucree/");
  await addGroceryProduct(page, "/c/epicerie-salee/");
  await page.goto("/panier/");
  await hydrated(page);

  const refused = await cartLine(page, 0);
  const accepted = await cartLine(page, 1);
  const choice = (title: string) =>
    page.getByRole("checkbox", { name: `Accepter un remplacement si indisponible : ${title}` });
  // Accepting is the default.
  await expect(choice(refused.title)).toBeChecked();
  await expect(choice(accepted.title)).toBeChecked();
  await choice(refused.title).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Pas de remplacement pour ce produit")).toBeVisible();
  await expect(choice(refused.title)).not.toBeChecked();

  // Kept by the cart, on the same line.
  await page.reload();
  await hydrated(page);
  await expect(choice(refused.title)).not.toBeChecked();
  await expect(choice(accepted.title)).toBeChecked();
  await expect(
    page.getByRole("list", { name: "Articles du panier" }).getByRole("listitem"),
  ).toHaveCount(2);

  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await payOnHostedCheckout(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/, { timeout: 30_000 });
  const lines = page.getByRole("listitem");
  await expect(lines.filter({ hasText: refused.title })).toContainText("Pas de remplacement");
  await expect(lines.filter({ hasText: accepted.title })).toContainText("Remplacement accepté");
  const gid = decodeURIComponent(new URL(page.url()).searchParams.get("order") ?? "");
  const orderId = /Order\/(\d+)/.exec(gid)?.[1] ?? "";
  expect(orderId).not.toBe("");

  // The staff's preparation sheet marks the line not to replace.
  await signInStaff(page);
  await page.goto(`/middleware/odp/?grocery=${orderId}`);
  await expect(page.getByRole("columnheader", { name: "Remplacement" })).toBeVisible();
  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: refused.title })).toContainText("Pas de remplacement");
  await expect(rows.filter({ hasText: accepted.title })).toContainText("Remplacement accepté");

  // And the back office's order page.
  await page.goto(`/middleware/orders/epicerie-${orderId}/`);
  await expect(page.getByRole("row").filter({ hasText: refused.title })).toContainText(
    "Pas de remplacement",
  );
});
