import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Steps several journeys share: hydration, the order-mode modal, paying on the hosted checkout,
 * signing in, the accessibility check.
 */

/** Waits until React Router has hydrated the page (its route modules are loaded). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

/**
 * Waits until React has hydrated `control`. A part of a page that is an island (decision 020)
 * hydrates after the rest, once its code is in; a click before that does what it does without
 * JavaScript (a form submits, a gallery picture opens as an image file).
 */
export async function claimedByReact(control: Locator) {
  await expect
    .poll(() =>
      control.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__react"))),
    )
    .toBe(true);
}

/**
 * Scrolls a freshly loaded listing to its last card until every card of its page is rendered: a
 * first load lays out only the first screen (decision 019). Expects the page hydrated.
 */
export async function scrollThroughListing(page: Page) {
  const cards = page.locator(".product-grid__list").first().locator(".product-grid__item");
  await expect(async () => {
    const before = await cards.count();
    await cards.last().scrollIntoViewIfNeeded();
    expect(await page.locator(".product-grid noscript").count()).toBe(0);
    expect(await cards.count()).toBeGreaterThanOrEqual(before);
  }).toPass();
}

/** Opens the order-mode modal from the header. */
export async function openModal(page: Page) {
  await page.locator(".site-header__mode").click();
  const dialog = page.locator("dialog.order-mode");
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * From the home page, chooses pickup at `store` in the slot the order-mode modal offers first, and
 * gives that slot's key.
 */
export async function pickUpAtFirstSlot(
  page: Page,
  store = /Comptoir Haussmann/,
  /** Which free slot, counted from 0: another than the first keeps clear of the journeys there. */
  slot = 0,
): Promise<string> {
  await page.goto("/");
  await hydrated(page);
  const dialog = await openModal(page);
  await dialog.getByRole("button", { name: /Retrait en magasin/ }).click();
  await dialog.getByRole("radio", { name: store }).check();
  await dialog.getByRole("button", { name: "Choisir ce magasin" }).click();
  const checked = dialog.locator('input[name="slot"]:checked');
  await expect(checked).toHaveCount(1);
  if (slot > 0) await dialog.locator('input[name="slot"]:not([disabled])').nth(slot).check();
  const key = (await checked.getAttribute("value")) ?? "";
  await dialog.getByRole("button", { name: "Valider ce créneau" }).click();
  await expect(dialog).toBeHidden();
  return key;
}

/** Chooses delivery to a Paris address in the open modal, up to the slot step. */
export function deliveryToParis(page: Page) {
  return deliveryTo(page, { line: "3 rue Bleue", postcode: "75009", city: "Paris" });
}

/** Chooses delivery to an address in the open modal, up to the slot step. */
export async function deliveryTo(
  page: Page,
  address: { line: string; postcode: string; city: string },
) {
  const dialog = page.locator("dialog.order-mode");
  await dialog.getByRole("button", { name: /Livraison à domicile/ }).click();
  await dialog.getByLabel("Adresse", { exact: true }).fill(address.line);
  await dialog.getByLabel("Code postal").fill(address.postcode);
  await dialog.getByLabel("Ville").fill(address.city);
  await dialog.getByRole("button", { name: "Vérifier l'adresse" }).click();
  await expect(dialog.getByRole("heading", { name: "Choisissez un créneau" })).toBeVisible();
  return dialog;
}

/** Adds the first product for sale of a category from its product page's form. */
export async function addGroceryProduct(page: Page, category = "/c/epicerie-salee/") {
  await page.goto(category);
  const card = page
    .locator("article:not(.product-card--archived):not(.product-card--unavailable)")
    .locator("a[href^='/p/']")
    .first();
  await page.goto((await card.getAttribute("href")) ?? "");
  await hydrated(page);
  const add = page.locator("form.add-to-cart button[type=submit]");
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText("Produit ajouté au panier")).toBeVisible();
}

/** Who pays on the hosted checkout. */
export type Contact = { email: string; firstName: string; lastName: string };

/** Léa Martin, a guest shopper. */
export const LEA: Contact = {
  email: "lea.martin@example.fr",
  firstName: "Léa",
  lastName: "Martin",
};

/** Marie Dupont, the demo data's customer with an account, and her password. */
export const DEMO_CUSTOMER = {
  email: "marie.dupont@example.com",
  password: "Comptoir-2025",
  firstName: "Marie",
  lastName: "Dupont",
} as const;

/** The embedded test provider's cards (docs/payments.md, "The test provider"). */
export const TEST_CARDS = {
  approved: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  threeDSecure: "4000 0027 6000 3184",
  threeDSecureDeclined: "4000 0082 6000 3178",
} as const;

/** On the hosted checkout, fills the contact (Léa Martin's by default) and presses « Payer ». */
export async function fillHostedCheckout(page: Page, contact: Contact = LEA) {
  await page.getByLabel("Adresse e-mail").fill(contact.email);
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page.getByLabel("Prénom").fill(contact.firstName);
  await page.getByLabel("Nom", { exact: true }).fill(contact.lastName);
  await page.getByRole("button", { name: "Payer", exact: true }).click();
}

/** On the provider's hosted payment page, types a card and pays. */
export async function payOnProviderPage(page: Page, card: string = TEST_CARDS.approved) {
  await expect(page.getByRole("heading", { name: "Paiement sécurisé" })).toBeVisible();
  await page.getByLabel("Numéro de carte").fill(card);
  await page.getByLabel("Date d'expiration (MM/AA)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Payer / }).click();
}

/**
 * On the hosted checkout, fills the contact (Léa Martin's by default), then pays with the
 * approved test card on the provider's hosted page, which sends the shopper back.
 */
export async function payOnHostedCheckout(page: Page, contact: Contact = LEA) {
  await fillHostedCheckout(page, contact);
  await payOnProviderPage(page);
}

/** Signs a customer in through the /compte/ form. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/compte/");
  const form = page.getByRole("region", { name: "Se connecter" });
  await form.getByLabel("Adresse e-mail").fill(email);
  await form.getByLabel("Mot de passe").fill(password);
  await form.getByRole("button", { name: "Se connecter" }).click();
  // Passwords are hashed with scrypt: signing in takes a moment.
  await expect(page.getByText(/^Bonjour /)).toBeVisible({ timeout: 15_000 });
}

/**
 * The serious and critical axe-core violations (WCAG 2.1 A and AA) of the page as it stands, by
 * rule and node: with a dialog or overlay open, its state is checked too. `include` narrows the
 * check to one part of the page (a button under the pointer, say).
 */
export async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      page: new URL(page.url()).pathname,
      id: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
}
