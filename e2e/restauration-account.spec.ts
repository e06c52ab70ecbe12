import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { DEMO_CUSTOMER, hydrated, signIn } from "./journeys.ts";
import { payWithNewCard as payOnHostedPage } from "./restauration-payment.ts";

/**
 * The restauration checkout of a shopper signed in to the shop (issue 47, items 2 and 3): Nom and
 * Adresse e-mail prefilled from the account, « Lier ce numéro à mon compte », the paid traiteur
 * order in « Mes commandes » with its receipt and its reorder, and the next traiteur order with
 * no phone sign-in. Desktop only: the link belongs to the one demo account.
 */

const CATEGORY = "/c/traiteur/entrees-et-salades/";
const STORE = 2101;
const PHONE = { national: "06 12 34 57 21", e164: "+33612345721" };

test.setTimeout(150_000);
test.skip(({ isMobile }) => isMobile, "one demo account: the desktop project runs it");

async function pickupChosen(context: BrowserContext, page: Page, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1";
  const answer = await page.request.get(
    `/ordering/Restaurant/DeliverySlots/${STORE}?deliveryType=2`,
  );
  const slots = ((await answer.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data;
  const free = slots.filter((candidate) => !candidate.IsFull);
  const slot = free[3] ?? free[0];
  if (!slot) throw new Error("no free pickup slot");
  await context.addCookies([
    { name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url },
    { name: "mode", value: "2", url },
    { name: "pickupLocationId", value: String(STORE), url },
    {
      name: "deliverySlot",
      value: encodeURIComponent(JSON.stringify({ slot: slot.Key, day: slot.Key.split(" ")[0] })),
      url,
    },
  ]);
}

async function cartQuantity(page: Page): Promise<number> {
  const body = (await (await page.request.get("/cart.json")).json()) as {
    cart: { totalQuantity: number } | null;
  };
  return body.cart?.totalQuantity ?? 0;
}

async function addDish(page: Page) {
  await page.goto(CATEGORY);
  await hydrated(page);
  const before = await cartQuantity(page);
  await page
    .getByRole("article")
    .getByRole("button", { name: /^Ajouter .+ au panier$/ })
    .first()
    .click();
  await expect.poll(() => cartQuantity(page)).toBe(before + 1);
}

async function codeFromOutbox(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInStaff(admin);
  await admin.goto(`/middleware/outbox/?a=${encodeURIComponent(PHONE.e164)}&type=phone_code`);
  const text = await admin
    .getByRole("figure", { name: "Texte du message phone_code" })
    .first()
    .textContent();
  await context.close();
  const code = /\b(\d{6})\b/.exec(text ?? "")?.[1];
  if (!code) throw new Error("no code sent");
  return code;
}

/** « Payer avec une nouvelle carte »: the provider's hosted payment page, then the confirmation. */
async function payWithNewCard(page: Page) {
  await expect(page).toHaveURL(/\/order\/paiement\/$/);
  await payOnHostedPage(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?orderId=\d+$/);
  const lead = await page.getByText(/^Votre commande n° \d{4,} est enregistrée\.$/).textContent();
  return /n° (\d+)/.exec(lead ?? "")?.[1] ?? "";
}

test("signed in to the shop: prefilled details, the phone linked, the order in Mes commandes, no second sign-in", async ({
  context,
  page,
  browser,
  baseURL,
}) => {
  await pickupChosen(context, page, baseURL);
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await addDish(page);

  // The phone sign-in once, then Nom and e-mail come from the shop account.
  await page.goto("/order/");
  await hydrated(page);
  await page.getByLabel("Numéro de téléphone mobile").fill(PHONE.national);
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await page.getByLabel("Code reçu par SMS").fill(await codeFromOutbox(browser));
  await page.getByRole("button", { name: "Valider le code" }).click();
  await expect(page.getByText(`Connecté avec le ${PHONE.national}`)).toBeVisible();
  await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Marie Dupont");
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(DEMO_CUSTOMER.email);
  await page.getByLabel("Lier ce numéro à mon compte").check();
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  const orderNumber = await payWithNewCard(page);

  // « Mes commandes » lists it beside the grocery orders, with its receipt and its reorder.
  await page.goto("/compte/?s=3");
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: `n° ${orderNumber}` });
  await expect(row).toContainText("Traiteur");
  await row.getByRole("link", { name: `Voir la commande n° ${orderNumber}` }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Commande n° ${orderNumber}` }),
  ).toBeVisible();
  await hydrated(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le reçu" }).click();
  const file = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");

  await page
    .getByRole("button", { name: `Commander à nouveau la commande n° ${orderNumber}` })
    .click();
  const panel = page.getByRole("dialog", { name: `Commander à nouveau n° ${orderNumber}` });
  await panel.getByRole("button", { name: /au panier$/ }).click();
  await expect.poll(() => cartQuantity(page)).toBe(1);

  // The next traiteur order on this device: no phone sign-in, even with the phone session gone.
  await context.clearCookies({ name: "tokenId" });
  await page.goto("/order/");
  await hydrated(page);
  await expect(page.getByText(`Connecté avec le ${PHONE.national}`)).toBeVisible();
  await expect(page.getByLabel("Numéro de téléphone mobile")).toHaveCount(0);
  await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Marie Dupont");
  await expect(page.getByLabel("Lier ce numéro à mon compte")).toHaveCount(0);
});
