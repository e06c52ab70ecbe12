import { type Browser, expect, type Page, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";

/**
 * An operator runs a day (issue 19): two grocery orders placed on the storefront and paid on the
 * hosted checkout appear in the back office's order list; an operator moves one to « En
 * préparation », « Prête », then « Livrée », and each step's email and SMS reach the outbox; an
 * administrator cancels the other with a partial refund and its detail shows it; the customer's
 * account shows both orders' statuses in French.
 */
test.skip(({ isMobile }) => isMobile, "the admin area is an office, desktop tool");
test.describe.configure({ timeout: 240_000 });

/** The contact payOnHostedCheckout fills in. */
const CONTACT = { email: "lea.martin@example.fr", phone: "+33612345678" };
const CUSTOMER = { email: "marie.dupont@example.com", password: "Comptoir-2025" };

async function signInCustomer(page: Page) {
  await page.goto("/compte/");
  const signIn = page.getByRole("region", { name: "Se connecter" });
  await signIn.getByLabel("Adresse e-mail").fill(CUSTOMER.email);
  await signIn.getByLabel("Mot de passe").fill(CUSTOMER.password);
  await signIn.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText(/^Bonjour /)).toBeVisible({ timeout: 15_000 });
}

/**
 * Places a grocery order for pickup at Comptoir Haussmann in the first slot offered, signed in
 * as the customer in a browser of its own, and gives its commerce order id.
 */
async function placeGroceryOrder(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInCustomer(page);
  await pickUpAtFirstSlot(page);

  await page.goto("/c/epicerie-salee/");
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

  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await payOnHostedCheckout(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/, { timeout: 30_000 });
  const gid = decodeURIComponent(new URL(page.url()).searchParams.get("order") ?? "");
  const orderId = /Order\/(\d+)/.exec(gid)?.[1] ?? "";
  expect(orderId).not.toBe("");
  await context.close();
  return orderId;
}

/** « n° 1005 », from the detail's heading « Commande n° 1005 · Épicerie ». */
async function orderName(page: Page): Promise<string> {
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  const name = /n°\s*\d+/.exec(heading ?? "")?.[0] ?? "";
  expect(name).not.toBe("");
  return name.replace(/\s+/, " ");
}

/** The outbox holds, for the customer, an email with `subject` and an SMS with `sms`. */
async function expectTold(page: Page, subject: string, sms: string) {
  await page.goto(`/middleware/outbox/?a=${encodeURIComponent(CONTACT.email)}&type=order-status`);
  await expect(page.getByText(subject, { exact: true })).toHaveCount(1);
  await page.goto(`/middleware/outbox/?a=${encodeURIComponent(CONTACT.phone)}&type=order-status`);
  await expect(page.getByRole("figure").filter({ hasText: sms })).toHaveCount(1);
}

test("an operator runs a day: orders move along, the customer is told, a cancellation is refunded", async ({
  page,
  browser,
}) => {
  const [served, cancelled] = [await placeGroceryOrder(browser), await placeGroceryOrder(browser)];

  // The administrator adds an operator.
  await signInStaff(page);
  await page.getByRole("link", { name: "Équipe" }).click();
  const email = `operateur.${test.info().project.name}.${test.info().retry}@comptoir.test`;
  await page.getByLabel("Nom", { exact: true }).fill("Olivier Opérateur");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.locator("#new-role").selectOption({ label: "Opérateur" });
  await page.getByRole("button", { name: "Créer le compte" }).click();
  await expect(page.getByRole("status")).toContainText("Compte créé pour Olivier Opérateur");
  const password = await page.getByLabel("Mot de passe provisoire").inputValue();

  // The operator, in a browser of his own, finds both new orders in the list.
  const context = await browser.newContext({ storageState: undefined });
  const operator = await context.newPage();
  await operator.goto("/middleware/login/");
  await operator.getByLabel("Adresse e-mail").fill(email);
  await operator.getByLabel("Mot de passe").fill(password);
  await operator.getByRole("button", { name: "Se connecter" }).click();
  await expect(operator).toHaveURL(/\/middleware\/dashboard\/$/, { timeout: 30_000 });
  await operator
    .getByRole("navigation", { name: "Écrans d'administration" })
    .getByRole("link", { name: "Commandes", exact: true })
    .click();
  await expect(operator.getByRole("heading", { name: "Commandes", level: 1 })).toBeVisible();
  for (const id of [served, cancelled]) {
    const link = operator.locator(`a[href="/middleware/orders/epicerie-${id}/"]`);
    await expect(link).toHaveCount(1);
    const row = operator.getByRole("row").filter({ has: link });
    await expect(row).toContainText("Reçue");
    await expect(row).toContainText("Comptoir Haussmann");
  }

  // Received → in preparation → ready → handed over, each step told by email and SMS.
  const detail = `/middleware/orders/epicerie-${served}/`;
  await operator.goto(detail);
  const name = await orderName(operator);
  const status = operator.getByTestId("order-status");
  await expect(status).toHaveText("Reçue");
  await expect(operator.getByText(/Magasin : Comptoir Haussmann · Créneau : /)).toBeVisible();
  const steps = [
    {
      label: "En préparation",
      sms: `Comptoir : Nous préparons votre commande ${name}.`,
    },
    {
      label: "Prête",
      sms: `Comptoir : Votre commande ${name} est prête : vous pouvez venir la retirer.`,
    },
    {
      label: "Livrée",
      sms: `Comptoir : Votre commande ${name} vous a été remise. Bonne dégustation !`,
    },
  ];
  for (const step of steps) {
    await operator.goto(detail);
    await operator.getByRole("button", { name: `Passer à « ${step.label} »` }).click();
    await expect(operator.getByRole("status")).toHaveText(`Statut changé : ${step.label}.`);
    await expect(status).toHaveText(step.label);
    await expectTold(operator, `Votre commande ${name} : ${step.label}`, step.sms);
  }
  await operator.goto(detail);
  await expect(operator.getByRole("region", { name: "Historique" })).toContainText(
    `Prête → Livrée par ${email}`,
  );
  // Refunds are the administrators': the operator has no refund form.
  await expect(operator.getByRole("form", { name: "Rembourser" })).toHaveCount(0);
  await context.close();

  // The administrator cancels the other order with a partial refund.
  const cancelledDetail = `/middleware/orders/epicerie-${cancelled}/`;
  await page.goto(cancelledDetail);
  const cancelledName = await orderName(page);
  const refund = page.getByRole("form", { name: "Rembourser" });
  await refund.getByLabel("Montant à rembourser (€)").fill("1,50");
  await refund.getByLabel("Annuler la commande").check();
  await refund.getByRole("button", { name: "Rembourser" }).click();
  await expect(page.getByRole("status")).toHaveText("Commande annulée, 1,50\u00a0€ remboursés.");
  await expect(page.getByTestId("order-status")).toHaveText("Annulée");
  const paid = page.getByRole("region", { name: "Paiement" });
  await expect(paid).toContainText("Remboursé : 1,50\u00a0€");
  await expect(paid.getByRole("list", { name: "Remboursements" })).toContainText(
    "1,50\u00a0€ (Annulation de la commande,",
  );
  await expectTold(
    page,
    `Votre commande ${cancelledName} : Annulée`,
    `Comptoir : Votre commande ${cancelledName} a été annulée. Remboursement : 1,50\u00a0€.`,
  );

  // The customer's account shows both statuses in French.
  const shopper = await browser.newContext();
  const account = await shopper.newPage();
  await signInCustomer(account);
  // Each order's page is linked from the account's orders (`/compte/commandes/{id}/?key=…`).
  const open = async (id: string) => {
    await account.goto("/compte/?s=3");
    await account.locator(`a[href^="/compte/commandes/${id}/"]`).first().click();
    await expect(account).toHaveURL(new RegExp(`/compte/commandes/${id}/`));
  };
  await open(served);
  await expect(account.getByText(/^Passée le .* · Payée · Livrée$/)).toBeVisible();
  await open(cancelled);
  await expect(
    account.getByText(/^Passée le .* · Partiellement remboursée · Annulée$/),
  ).toBeVisible();
  await shopper.close();
});
