import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { deliveryToParis, hydrated, openModal, seriousViolations, signIn } from "./journeys.ts";

/**
 * axe-core on the storefront's interactive states (issue 18), not only on pages as they load: the
 * cart panel open (its checkout button under the pointer and focused too), the order-mode modal
 * at each step, the search overlay with results, the sign-in, registration and address forms
 * showing their errors, the restauration order page and the hosted checkout with its errors; and
 * every page type as it loads that content.spec.ts does not check (brands, artisans, blog, CMS,
 * store, sitemap, cart, favourites, lists, 404, the signed-in account). The order confirmation and
 * an account's order page are checked where an order is placed (keyboard-purchase.spec.ts,
 * order-mode.spec.ts). No serious or critical violation in any of them. Runs on the desktop and
 * mobile projects.
 */

test.describe.configure({ timeout: 120_000 });

const CATEGORY = "/c/epicerie-salee/";
const DEMO = { email: "marie.dupont@example.com", password: "Comptoir-2025" };

/** Adds the first addable product of a listing with its card button. */
async function addFromListing(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  const add = page
    .getByRole("article")
    .getByRole("button", { name: /^Ajouter .+ au panier$/ })
    .first();
  await add.click();
  await expect(page.getByRole("button", { name: "Panier, 1 article" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Panier, 1 article" })).not.toHaveAttribute(
    "aria-busy",
    "true",
  );
}

test("the cart panel open, its checkout button hovered and focused", async ({ page }) => {
  await addFromListing(page, CATEGORY);
  await page.getByRole("button", { name: "Panier, 1 article" }).click();
  const panel = page.getByRole("dialog", { name: "Mon panier" });
  await expect(panel.getByRole("list", { name: "Articles du panier" })).toBeVisible();
  const checkout = panel.getByRole("button", { name: "Passer commande" });
  await expect(checkout).toBeEnabled();
  const found = await seriousViolations(page);

  // The button's own states: white on burgundy, darker under the pointer.
  await expect(checkout).toHaveCSS("color", "rgb(255, 255, 255)");
  await checkout.hover();
  await expect(checkout).toHaveCSS("background-color", "rgb(92, 33, 33)");
  found.push(...(await seriousViolations(page, ".cart__checkout")));
  await checkout.focus();
  found.push(...(await seriousViolations(page, ".cart__checkout")));
  expect(found).toEqual([]);
});

test("the order-mode modal at each step, an address refused included", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const dialog = await openModal(page);
  const found = await seriousViolations(page);

  await dialog.getByRole("button", { name: /Livraison à domicile/ }).click();
  await dialog.getByLabel("Adresse", { exact: true }).fill("1 place d'Armes");
  await dialog.getByLabel("Code postal").fill("78000");
  await dialog.getByLabel("Ville").fill("Versailles");
  await dialog.getByRole("button", { name: "Vérifier l'adresse" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/Nous ne livrons pas encore cette adresse/);
  found.push(...(await seriousViolations(page)));

  await dialog.getByRole("button", { name: "Retour" }).click();
  await expect(dialog.getByRole("button", { name: /Livraison à domicile/ })).toBeVisible();
  await deliveryToParis(page);
  const validate = dialog.getByRole("button", { name: "Valider ce créneau" });
  await expect(validate).toHaveCSS("color", "rgb(255, 255, 255)");
  found.push(...(await seriousViolations(page)));

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await openModal(page);
  await dialog.getByRole("button", { name: /Retrait en magasin/ }).click();
  await expect(dialog.getByRole("button", { name: "Choisir ce magasin" })).toBeVisible();
  found.push(...(await seriousViolations(page)));
  expect(found).toEqual([]);
});

test("the search overlay with product, category and brand suggestions", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" }).fill("chocolat");
  const overlay = page.getByRole("region", { name: "Suggestions de recherche" });
  await expect(overlay.locator(".search-suggestion").first()).toBeVisible();
  await expect(overlay.getByRole("link", { name: "Voir tous les produits" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the sign-in and registration forms showing their errors", async ({ page }, testInfo) => {
  await page.goto("/compte/");
  await hydrated(page);
  const signIn = page.getByRole("region", { name: "Se connecter" });
  await signIn.getByLabel("Adresse e-mail").fill(DEMO.email);
  await signIn.getByLabel("Mot de passe").fill("pas-le-bon-mot-de-passe");
  await signIn.getByRole("button", { name: "Se connecter" }).click();
  await expect(signIn.getByRole("alert")).toBeVisible({ timeout: 15_000 });
  const found = await seriousViolations(page);

  const register = page.getByRole("region", { name: "Créer un compte" });
  await register.getByLabel("Prénom").fill("Camille");
  await register.getByLabel("Nom", { exact: true }).fill("Roux");
  // Accepted by the browser's e-mail check, refused by the shop's.
  await register
    .getByLabel("E-mail", { exact: true })
    .fill(`camille.${testInfo.project.name}@exemple`);
  await register.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(register.getByText("L'adresse e-mail n'est pas valide.")).toBeVisible({
    timeout: 15_000,
  });
  found.push(...(await seriousViolations(page)));
  expect(found).toEqual([]);
});

test("the account's address form showing its error", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await hydrated(page);

  const addresses = page.getByRole("region", { name: "Mes adresses" });
  // The demo customer has an address already: the new one's form is folded under its summary.
  await addresses.getByText("Ajouter une adresse").click();
  const newAddress = addresses.getByRole("form", { name: "Nouvelle adresse" });
  await newAddress.getByLabel("Adresse", { exact: true }).fill("5 rue Oberkampf");
  await newAddress.getByLabel("Ville").fill("Paris");
  await newAddress.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(
    page.getByText(
      "Veuillez renseigner l'adresse, le code postal et la ville : l'adresse n'a pas été enregistrée.",
    ),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the hosted checkout, then with its errors", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await openModal(page);
  const dialog = await deliveryToParis(page);
  await dialog.getByRole("button", { name: "Valider ce créneau" }).click();
  await expect(dialog).toBeHidden();
  await addFromListing(page, CATEGORY);

  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await expect(page.getByRole("heading", { name: "Finaliser ma commande" })).toBeVisible();
  const found = await seriousViolations(page);

  await page.getByLabel("Adresse e-mail").fill("");
  await page.getByRole("button", { name: "Payer", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  found.push(...(await seriousViolations(page)));
  expect(found).toEqual([]);
});

/**
 * Pickup at a store on a free slot, written as the modal would (the order page's journey itself is
 * e2e/restauration.spec.ts).
 */
async function pickupChosen(context: BrowserContext, page: Page, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1";
  const answer = await page.request.get("/ordering/Restaurant/DeliverySlots/2101?deliveryType=2");
  const slots = ((await answer.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data;
  const free = slots.filter((candidate) => !candidate.IsFull);
  const slot = free[3] ?? free[0];
  if (!slot) throw new Error("no free pickup slot");
  await context.addCookies([
    { name: "mode", value: "2", url },
    { name: "pickupLocationId", value: "2101", url },
    {
      name: "deliverySlot",
      value: encodeURIComponent(JSON.stringify({ slot: slot.Key, day: slot.Key.split(" ")[0] })),
      url,
    },
  ]);
}

test("the restauration order page, a wrong phone number refused", async ({
  page,
  context,
  baseURL,
}) => {
  await pickupChosen(context, page, baseURL);
  await addFromListing(page, "/c/traiteur/entrees-et-salades/");
  await page.goto("/order/");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ma commande" })).toBeVisible();
  const found = await seriousViolations(page);

  await page.getByLabel("Numéro de téléphone mobile").fill("01 23");
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "n'est pas valide" })).toBeVisible();
  found.push(...(await seriousViolations(page)));
  expect(found).toEqual([]);
});

/** Every link of a page to a path under `prefix`, the first one's path. */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const href = await page
    .locator(`a[href^="${prefix}"]`)
    .first()
    .getAttribute("href", { timeout: 15_000 });
  expect(href, `a link to ${prefix}…`).toBeTruthy();
  return href ?? "";
}

test("every other page type as it loads: brands, artisans, blog, CMS, store, sitemap, cart, lists, 404", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const found: Awaited<ReturnType<typeof seriousViolations>> = [];
  const visit = async (path: string) => {
    await page.goto(path);
    await hydrated(page);
    found.push(...(await seriousViolations(page)));
  };
  await visit("/nos-marques/");
  await visit(await firstLink(page, "/m/"));
  await visit("/nos-artisans/");
  await visit("/blog/");
  await visit(await firstLink(page, "/b/"));
  await visit(await firstLink(page, "/cms/"));
  await visit("/magasin/");
  await visit("/sitemap/");
  await visit("/panier/");
  await visit("/favoris/");
  await visit("/listes/");
  await visit("/une-page-qui-n-existe-pas/");
  expect(found).toEqual([]);
});

// An order's page is checked where an order is placed signed in (order-mode.spec.ts, journey (a)).
test("the signed-in account: its profile and its orders", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.email, DEMO.password);
  await hydrated(page);
  const found = await seriousViolations(page);
  await page.goto("/compte/?s=3");
  await hydrated(page);
  found.push(...(await seriousViolations(page)));
  expect(found).toEqual([]);
});
