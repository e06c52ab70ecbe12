import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { pdfTextLines } from "../platform/ordering/testing.ts";
import { signInStaff } from "./admin-account.ts";
import { hydrated } from "./journeys.ts";
import {
  addCardOnHostedPage,
  addMealVoucherCard,
  payWithChosenCard,
  payWithNewCard,
} from "./restauration-payment.ts";

/**
 * The restauration checkout (issue 9, journeys b and c): pickup at a store, traiteur dishes in the
 * cart, sign-in by the SMS code read in the admin area's outbox, a voucher, payment with a test
 * card, the confirmation and its PDF receipt; and a declined card that keeps the cart. Cards are
 * typed on the test provider's hosted pages only (issue 48): a card saved on the setup page pays a
 * second order without typing anything. Runs on the desktop and mobile projects, each with its
 * own phone numbers.
 */

const CATEGORY = "/c/traiteur/entrees-et-salades/";
const STORE = { physicalRestaurantId: 2101, name: "Comptoir Haussmann" };

test.setTimeout(120_000);

/** A phone number of its own for each test and project (5 codes per phone and hour). */
function phoneFor(project: string, test: number): { national: string; e164: string } {
  const pair = String((project === "mobile" ? 50 : 10) + test).padStart(2, "0");
  return { national: `06 12 34 56 ${pair}`, e164: `+336123456${pair}` };
}

/**
 * Consent given (its banner stays closed) and pickup chosen at the store on a free slot:
 * the order-mode cookies the modal would write.
 */
async function pickupChosen(context: BrowserContext, page: Page, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1";
  const answer = await page.request.get(
    `/ordering/Restaurant/DeliverySlots/${STORE.physicalRestaurantId}?deliveryType=2`,
  );
  const slots = ((await answer.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data;
  // A few slots ahead, so that the clock moving on during the test never takes it away.
  const free = slots.filter((candidate) => !candidate.IsFull);
  const slot = free[3] ?? free[0];
  if (!slot) throw new Error("no free pickup slot");
  await context.addCookies([
    { name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url },
    { name: "mode", value: "2", url },
    { name: "pickupLocationId", value: String(STORE.physicalRestaurantId), url },
    {
      name: "deliverySlot",
      value: encodeURIComponent(JSON.stringify({ slot: slot.Key, day: slot.Key.split(" ")[0] })),
      url,
    },
  ]);
}

async function cartQuantity(page: Page): Promise<number> {
  const answer = await page.request.get("/cart.json");
  const body = (await answer.json()) as { cart: { totalQuantity: number } | null };
  return body.cart?.totalQuantity ?? 0;
}

/** Adds the first `count` dishes of the traiteur listing with their card buttons. */
async function addDishes(page: Page, count: number) {
  await page.goto(CATEGORY);
  await hydrated(page);
  const buttons = page.getByRole("article").getByRole("button", { name: /^Ajouter .+ au panier$/ });
  await expect(buttons.nth(count - 1)).toBeVisible();
  for (let index = 0; index < count; index += 1) {
    await buttons.nth(index).click();
    await expect.poll(() => cartQuantity(page)).toBe(index + 1);
  }
}

/** The 6-digit code of the newest SMS to `e164`, read in the admin area's outbox screen. */
async function codeFromOutbox(browser: Browser, e164: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInStaff(admin);
  await admin.goto(`/middleware/outbox/?a=${encodeURIComponent(e164)}&type=phone_code`);
  const text = await admin
    .getByRole("figure", { name: "Texte du message phone_code" })
    .first()
    .textContent();
  await context.close();
  const code = /\b(\d{6})\b/.exec(text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}

/** /order/: signs in by SMS code, fills name and email, goes on to the payment step. */
async function signInAndContinue(page: Page, browser: Browser, phone: ReturnType<typeof phoneFor>) {
  await page.goto("/order/");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ma commande" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Retrait en magasin" })).toBeVisible();
  await expect(page.getByText(STORE.name).first()).toBeVisible();

  // A wrong number first: the spec's message.
  await page.getByLabel("Numéro de téléphone mobile").fill("01 23");
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "n'est pas valide" })).toBeVisible();

  await page.getByLabel("Numéro de téléphone mobile").fill(phone.national);
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page.getByLabel("Code reçu par SMS")).toBeFocused();
  await page.getByLabel("Code reçu par SMS").fill("000000");
  await page.getByRole("button", { name: "Valider le code" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Ce code est incorrect." })).toBeVisible();
  await page.getByLabel("Code reçu par SMS").fill(await codeFromOutbox(browser, phone.e164));
  await page.getByRole("button", { name: "Valider le code" }).click();
  await expect(page.getByText(`Connecté avec le ${phone.national}`)).toBeVisible();
}

async function continueToPayment(page: Page) {
  await page.getByLabel("Nom", { exact: true }).fill("Camille Dupont");
  await page.getByLabel("Adresse e-mail").fill("camille.dupont@example.fr");
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/order\/paiement\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement" })).toBeVisible();
  // The payment step has neither header nor footer.
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
}

test.beforeEach(async ({ context, page, baseURL }) => {
  await pickupChosen(context, page, baseURL);
});

test("pickup: traiteur dishes, sign-in by SMS code, a voucher, payment, confirmation and receipt", async ({
  page,
  browser,
}, testInfo) => {
  const phone = phoneFor(testInfo.project.name, 1);
  await addDishes(page, 2);
  await signInAndContinue(page, browser, phone);

  // An expired code first, then RETRAIT10 (10 % off pickup orders).
  const voucher = page.getByRole("region", { name: "Code promo" });
  await voucher.getByLabel("Votre code").fill("ETE2025");
  await voucher.getByRole("button", { name: "Appliquer" }).click();
  await expect(voucher.getByRole("alert")).toHaveText("Ce code promo a expiré.");
  await voucher.getByLabel("Votre code").fill("RETRAIT10");
  await voucher.getByRole("button", { name: "Appliquer" }).click();
  await expect(voucher.getByText("Code RETRAIT10 appliqué")).toBeVisible();
  const totals = page.getByRole("region", { name: "Récapitulatif" });
  await expect(totals.getByText("Code promo RETRAIT10")).toBeVisible();
  await expect(totals.getByText("Frais de service")).toBeVisible();
  await expect(totals.getByText("0,50 €")).toBeVisible();
  await expect(totals.getByText("Frais de livraison")).toHaveCount(0);

  await continueToPayment(page);
  const total = await page.getByTestId("checkout-total").textContent();
  await addCardOnHostedPage(page, "4242 4242 4242 4242");
  await payWithChosenCard(page);

  await expect(page).toHaveURL(/\/order\/confirmation\/\?orderId=\d+$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Retrait en magasin" })).toBeVisible();
  await expect(page.getByRole("main").getByText(STORE.name)).toBeVisible();
  await expect(page.getByText(total ?? "")).toBeVisible();
  // Named by its number from the series grocery orders share, with its status in French.
  const lead = await page.getByText(/^Votre commande n° \d{4,} est enregistrée\.$/).textContent();
  const orderNumber = /n° (\d+)/.exec(lead ?? "")?.[1] ?? "";
  await expect(page.getByText("Statut : Reçue")).toBeVisible();
  expect(await cartQuantity(page)).toBe(0);

  // The purchase and the checkout steps reached the data layer with their items.
  const events = (await page.evaluate(() =>
    (window.dataLayer ?? []).filter(
      (event) =>
        typeof event === "object" &&
        event !== null &&
        ["purchase", "checkout_step"].includes((event as { event?: string }).event ?? ""),
    ),
  )) as { event: string; items: { item_name: string; quantity: number }[] }[];
  const purchase = events.find((event) => event.event === "purchase");
  expect(purchase?.items.length).toBe(2);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le reçu" }).click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const text = pdfTextLines(pdf).join("\n");
  expect(text).toContain(`Commande n° ${orderNumber}`);
  expect(text).toContain("Retrait en magasin");
  expect(text).toContain(STORE.name);
  expect(text).toContain("RETRAIT10");
  expect(text).toContain("Visa •••• 4242");

  // The confirmation SMS (read in the admin area's outbox): its link opens the order and its
  // receipt on another device, without signing in.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInStaff(admin);
  await admin.goto(`/middleware/outbox/?a=${encodeURIComponent(phone.e164)}`);
  const sms = await admin
    .getByRole("figure", { name: "Texte du message order-confirmation" })
    .first()
    .textContent();
  await staff.close();
  expect(sms).toContain(`votre commande n° ${orderNumber} est confirmée`);
  expect(sms).toContain(STORE.name);
  const link = /https?:\/\/\S+/.exec(sms ?? "")?.[0] ?? "";
  const phoneContext = await browser.newContext();
  try {
    const elsewhere = await phoneContext.newPage();
    const url = new URL(link);
    await elsewhere.goto(`${url.pathname}${url.search}`);
    await expect(
      elsewhere.getByText(`Votre commande n° ${orderNumber} est enregistrée.`),
    ).toBeVisible();
    await expect(elsewhere.getByRole("link", { name: "Télécharger le reçu" })).toBeVisible();
  } finally {
    await phoneContext.close();
  }
});

test("a declined card shows the decline and keeps the cart; a new card on the hosted page pays", async ({
  page,
  browser,
}, testInfo) => {
  const phone = phoneFor(testInfo.project.name, 2);
  await addDishes(page, 1);
  await signInAndContinue(page, browser, phone);
  await continueToPayment(page);
  // Saved fine on the setup page, declined whenever it is charged.
  await addCardOnHostedPage(page, "4000 0000 0000 0341");
  await payWithChosenCard(page);

  const alert = page.getByRole("alert").filter({ hasText: "Votre carte a été refusée" });
  await expect(alert).toHaveText("Votre carte a été refusée. Essayez une autre carte.");
  await expect(page).toHaveURL(/\/order\/paiement\//);
  expect(await cartQuantity(page)).toBe(1);

  await payWithNewCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order\/confirmation\/\?orderId=\d+$/);
  expect(await cartQuantity(page)).toBe(0);
});

test("a restauration order with a saved card, then a second one without typing anything", async ({
  page,
  browser,
}, testInfo) => {
  const phone = phoneFor(testInfo.project.name, 4);
  await addDishes(page, 1);
  await signInAndContinue(page, browser, phone);
  await continueToPayment(page);
  // The payment step takes no card number: the card is typed on the hosted setup page.
  await expect(page.getByLabel("Numéro de carte")).toHaveCount(0);
  await addCardOnHostedPage(page, "5555 5555 5555 4444");
  await payWithChosenCard(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?orderId=\d+$/);
  const first = page.url();

  await addDishes(page, 1);
  await page.goto("/order/");
  await expect(page.getByText(`Connecté avec le ${phone.national}`)).toBeVisible();
  await continueToPayment(page);
  const saved = page.getByLabel("Mastercard •••• 4444 — expire fin 12/2030");
  await expect(saved).toBeChecked();
  await payWithChosenCard(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?orderId=\d+$/);
  expect(page.url()).not.toBe(first);
  expect(await cartQuantity(page)).toBe(0);
});

/** A titres-restaurant number of the test range of its own (each card has its own 25 € day). */
function freshMealVoucherNumber(): string {
  const body = `503615${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

test("titres-restaurant pay the dishes, the bank card the rest; a refused one takes nothing", async ({
  page,
  browser,
}, testInfo) => {
  const phone = phoneFor(testInfo.project.name, 3);
  await addDishes(page, 2);
  await signInAndContinue(page, browser, phone);
  await continueToPayment(page);
  const group = page.getByRole("group", { name: "Titres-restaurant (facultatif)" });
  await expect(group.getByText(/^Payable en titres-restaurant : \d+,\d{2}\u00a0€\./)).toBeVisible();
  await addCardOnHostedPage(page, "4242 4242 4242 4242");

  // A titres-restaurant card the issuer declines when charged: its refusal, nothing placed.
  await addMealVoucherCard(page, "5036 1500 0000 0026");
  await payWithChosenCard(page);
  const alert = page.getByRole("alert").filter({ hasText: "Votre carte a été refusée" });
  await expect(alert).toHaveText("Votre carte a été refusée. Essayez une autre carte.");
  expect(await cartQuantity(page)).toBe(2);

  const number = freshMealVoucherNumber();
  await addMealVoucherCard(page, number);
  await expect(page.getByLabel(/^Visa •••• 4242 — expire/)).toBeChecked();
  await payWithChosenCard(page);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?orderId=\d+$/);
  expect(await cartQuantity(page)).toBe(0);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le reçu" }).click();
  const stream = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = pdfTextLines(Buffer.concat(chunks)).join("\n");
  expect(text).toContain(`carte Visa •••• 4242, titres-restaurant •••• ${number.slice(-4)}`);
});

test("each salad of a line has its own options, priced apart", async ({ page }) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  const add = page
    .getByRole("article")
    .getByRole("button", { name: /^Ajouter .+ au panier$/ })
    .first();
  const title = /^Ajouter (.+) au panier$/.exec((await add.textContent()) ?? "")?.[1] ?? "";
  await add.click();
  await expect.poll(() => cartQuantity(page)).toBe(1);
  await add.click();
  await expect.poll(() => cartQuantity(page)).toBe(2);

  await page.goto("/order/");
  await hydrated(page);
  const totals = page.getByRole("region", { name: "Récapitulatif" });
  await expect(totals.getByText(`2 × ${title}`)).toBeVisible();
  // Chips with the second salad only: saved at once, priced as two lines.
  const second = page.getByRole("group", { name: `${title} n° 2` });
  await second.getByRole("checkbox", { name: /^Chips artisanales/ }).check();
  await expect(totals.getByText(`1 × ${title} (Chips artisanales)`)).toBeVisible();
  await expect(totals.getByText(`1 × ${title}`, { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("group", { name: `${title} n° 1` }).getByRole("checkbox", { name: /^Chips/ }),
  ).not.toBeChecked();
  await expect(
    page.getByRole("group", { name: `${title} n° 2` }).getByRole("checkbox", { name: /^Chips/ }),
  ).toBeChecked();
});
