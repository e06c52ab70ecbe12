import { expect, type Page, test } from "@playwright/test";
import { signInStaff } from "./admin-account.ts";
import { hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";
import { payWithNewCard } from "./restauration-payment.ts";

/**
 * Promotions (issue 19, item 5): a manager creates a restaurant voucher and a grocery discount
 * code on the promotions screen, a French message refusing a bad value first; a shopper then
 * applies the code in the grocery cart, and the voucher in the restauration order flow, pays,
 * and the screen counts the voucher's use. A manager then creates an automatic grocery discount:
 * a shopper's cart, the hosted checkout and the confirmation show it by its title, without any
 * code, and the screen counts its use.
 */

// Two shoppers and a manager on a busy machine: more than the default.
test.setTimeout(240_000);

const STORE = { physicalRestaurantId: 2101, name: "Comptoir Haussmann" };
// Codes of their own on every run: the journeys' database outlives a run.
const RUN = Date.now().toString(36).toUpperCase().slice(-6);
const VOUCHER = `MIDI-${RUN}`;
const CODE = `FROMAGE-${RUN}`;
const PHONE = { national: "06 12 34 56 91", e164: "+33612345691" };

/** Fills the new promotion's form on the promotions screen (10 uses at most). */
async function fillPromotion(
  page: Page,
  fields: { kind: RegExp; code: string; title: string; percent?: string; amount?: string },
) {
  await page.goto("/middleware/promotions/");
  const form = page.getByRole("region", { name: "Nouvelle promotion" });
  await form.getByRole("radio", { name: fields.kind }).check();
  await form.getByLabel("Code", { exact: true }).fill(fields.code);
  await form.getByLabel("Libellé").fill(fields.title);
  if (fields.amount) {
    await form.getByRole("radio", { name: "Montant en euros" }).check();
    await form.getByLabel("Valeur (% ou €)").fill(fields.amount);
  } else {
    await form.getByRole("radio", { name: "Pourcentage" }).check();
    await form.getByLabel("Valeur (% ou €)").fill(fields.percent ?? "");
  }
  await form.getByLabel("Nombre maximal d'utilisations").fill("10");
}

async function create(page: Page, code: string) {
  await page.getByRole("button", { name: "Créer la promotion" }).click();
  await expect(page.getByRole("status")).toHaveText(`La promotion « ${code} » est enregistrée.`);
}

/** The 6-digit code of the newest SMS to `e164`, read in the outbox by the signed-in manager. */
async function codeFromOutbox(manager: Page, e164: string): Promise<string> {
  await manager.goto(`/middleware/outbox/?a=${encodeURIComponent(e164)}&type=phone_code`);
  const text = await manager
    .getByRole("figure", { name: "Texte du message phone_code" })
    .first()
    .textContent();
  const code = /\b(\d{6})\b/.exec(text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}

function usesOf(page: Page, code: string) {
  return page.getByRole("row").filter({ hasText: code }).getByRole("cell").nth(4);
}

test("a manager creates a voucher and a discount code that shoppers then use", async ({
  browser,
  page,
  baseURL,
}) => {
  const url = baseURL ?? "http://127.0.0.1";
  await signInStaff(page);
  await page.getByRole("navigation").getByRole("link", { name: "Promotions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();

  // A percentage over 100 is refused on its field, nothing created.
  await fillPromotion(page, {
    kind: /^Code de réduction de l'épicerie/,
    code: CODE,
    title: "15 % sur la fromagerie",
    percent: "150",
  });
  await page.getByRole("button", { name: "Créer la promotion" }).click();
  await expect(page.getByText("Le pourcentage est un nombre entier de 1 à 100.")).toBeVisible();
  await page.getByLabel("Valeur (% ou €)").fill("15");
  await create(page, CODE);

  await fillPromotion(page, {
    kind: /^Bon de réduction de la restauration/,
    code: VOUCHER,
    title: "4 € offerts au comptoir",
    amount: "4,00",
  });
  await create(page, VOUCHER);
  await page.goto("/middleware/promotions/?type=voucher");
  await expect(usesOf(page, VOUCHER)).toHaveText("0 / 10");
  await expect(page.getByRole("row").filter({ hasText: CODE })).toHaveCount(0);

  // A shopper applies the code in the grocery cart.
  const grocery = await browser.newContext();
  await grocery.addCookies([{ name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url }]);
  try {
    const shopper = await grocery.newPage();
    await shopper.goto("/c/fromagerie/");
    await hydrated(shopper);
    await shopper
      .getByRole("article")
      .getByRole("button", { name: /^Ajouter .+ au panier$/ })
      .first()
      .click();
    const cartButton = shopper.getByRole("button", { name: /^Panier, 1 article$/ });
    await expect(cartButton).not.toHaveAttribute("aria-busy", "true");
    await cartButton.click();
    const panel = shopper.getByRole("dialog", { name: "Mon panier" });
    await panel.getByLabel("Code promo").fill(CODE.toLowerCase());
    await panel.getByRole("button", { name: "Appliquer" }).click();
    await expect(panel.getByRole("button", { name: `Retirer le code ${CODE}` })).toBeVisible();
  } finally {
    await grocery.close();
  }

  // Another shopper uses the voucher on a pickup order of the restaurant and pays.
  const restaurant = await browser.newContext();
  try {
    const shopper = await restaurant.newPage();
    const answer = await shopper.request.get(
      `/ordering/Restaurant/DeliverySlots/${STORE.physicalRestaurantId}?deliveryType=2`,
    );
    const slots = ((await answer.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data;
    const free = slots.filter((candidate) => !candidate.IsFull);
    const slot = free[3] ?? free[0];
    if (!slot) throw new Error("no free pickup slot");
    await restaurant.addCookies([
      { name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url },
      { name: "mode", value: "2", url },
      { name: "pickupLocationId", value: String(STORE.physicalRestaurantId), url },
      {
        name: "deliverySlot",
        value: encodeURIComponent(JSON.stringify({ slot: slot.Key, day: slot.Key.split(" ")[0] })),
        url,
      },
    ]);
    await shopper.goto("/c/traiteur/entrees-et-salades/");
    await hydrated(shopper);
    await shopper
      .getByRole("article")
      .getByRole("button", { name: /^Ajouter .+ au panier$/ })
      .first()
      .click();
    await expect(shopper.getByRole("button", { name: /^Panier, 1 article$/ })).not.toHaveAttribute(
      "aria-busy",
      "true",
    );
    await shopper.goto("/order/");
    await hydrated(shopper);
    await shopper.getByLabel("Numéro de téléphone mobile").fill(PHONE.national);
    await shopper.getByRole("button", { name: "Recevoir un code" }).click();
    await expect(shopper.getByLabel("Code reçu par SMS")).toBeFocused();
    await shopper.getByLabel("Code reçu par SMS").fill(await codeFromOutbox(page, PHONE.e164));
    await shopper.getByRole("button", { name: "Valider le code" }).click();
    await expect(shopper.getByText(`Connecté avec le ${PHONE.national}`)).toBeVisible();

    const voucher = shopper.getByRole("region", { name: "Code promo" });
    await voucher.getByLabel("Votre code").fill(VOUCHER.toLowerCase());
    await voucher.getByRole("button", { name: "Appliquer" }).click();
    await expect(voucher.getByText(`Code ${VOUCHER} appliqué`)).toBeVisible();
    const totals = shopper.getByRole("region", { name: "Récapitulatif" });
    await expect(totals.getByText(`Code promo ${VOUCHER}`)).toBeVisible();

    await shopper.getByLabel("Nom", { exact: true }).fill("Camille Dupont");
    await shopper.getByLabel("Adresse e-mail").fill("camille.promo@example.fr");
    await shopper.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(shopper).toHaveURL(/\/order\/paiement\/$/);
    await payWithNewCard(shopper, "4242 4242 4242 4242");
    await expect(
      shopper.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }),
    ).toBeVisible();
  } finally {
    await restaurant.close();
  }

  // The screen counts the voucher's use.
  await page.goto("/middleware/promotions/?type=voucher");
  await expect(usesOf(page, VOUCHER)).toHaveText("1 / 10");
});

/** `datetime-local` text (Paris time) of an instant, as the promotions form takes it. */
function parisDateTime(instant: Date): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(instant)
    .replace(" ", "T");
}

test("a manager creates an automatic grocery discount that a shopper's cart shows @exclusive", async ({
  browser,
  page,
  baseURL,
}) => {
  const url = baseURL ?? "http://127.0.0.1";
  const title = `-10 % sur l'épicerie ${RUN}`;
  await signInStaff(page);
  await page.goto("/middleware/promotions/");
  const form = page.getByRole("region", { name: "Nouvelle promotion" });
  await form.getByRole("radio", { name: /^Code de réduction de l'épicerie/ }).check();
  await form.getByRole("checkbox", { name: /^Automatique/ }).check();
  // Without a title, refused in French.
  await form.getByRole("radio", { name: "Pourcentage" }).check();
  await form.getByLabel("Valeur (% ou €)").fill("10");
  // It applies to every grocery cart: the journey runs alone (the "exclusive" project), the
  // discount ends soon and is disabled below, so that no other journey meets it.
  await form.getByLabel("Fin de validité").fill(parisDateTime(new Date(Date.now() + 30 * 60_000)));
  await form.getByLabel("Libellé").fill(" ");
  await page.getByRole("button", { name: "Créer la promotion" }).click();
  await expect(
    page.getByText(/^Saisissez le titre que les clients verront dans leur panier/),
  ).toBeVisible();
  await page.getByLabel("Libellé").fill(title);
  await create(page, title);
  try {
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Remise automatique, sans code");
    await expect(row.getByRole("cell").nth(2)).toContainText("automatique");

    // A shopper's grocery cart shows it, without any code typed; so do the hosted checkout and
    // the confirmation, and the order counts one use of it.
    const grocery = await browser.newContext();
    await grocery.addCookies([{ name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url }]);
    try {
      const shopper = await grocery.newPage();
      await pickUpAtFirstSlot(shopper);
      await shopper.goto("/c/fromagerie/");
      await hydrated(shopper);
      await shopper
        .getByRole("article")
        .getByRole("button", { name: /^Ajouter .+ au panier$/ })
        .first()
        .click();
      const cartButton = shopper.getByRole("button", { name: /^Panier, 1 article$/ });
      await expect(cartButton).not.toHaveAttribute("aria-busy", "true");
      await cartButton.click();
      const panel = shopper.getByRole("dialog", { name: "Mon panier" });
      const totals = panel.getByRole("definition").filter({ hasText: /^-/ });
      await expect(panel.getByText(`Remise automatique : ${title}`)).toBeVisible();
      await expect(totals).toHaveText(/^-\d+,\d{2}\s€$/);
      const discount = (await totals.textContent()) ?? "";

      await shopper.goto("/panier/");
      await hydrated(shopper);
      await shopper.getByRole("button", { name: "Passer commande" }).click();
      await expect(shopper).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
      await expect(
        shopper.getByRole("row", { name: `Remise automatique : ${title} ${discount}` }),
      ).toBeVisible();
      await payOnHostedCheckout(shopper);
      await expect(shopper).toHaveURL(/\/order\/confirmation\/\?order=gid/);
      await expect(shopper.getByText(`Remise automatique : ${title}`)).toBeVisible();
    } finally {
      await grocery.close();
    }
    await page.goto("/middleware/promotions/?type=code");
    await expect(usesOf(page, title)).toHaveText("1 (illimité)");
  } finally {
    await page.goto("/middleware/promotions/?type=code");
    await page.getByRole("button", { name: `Désactiver ${title}` }).click();
    await expect(page.getByRole("status")).toHaveText(`La promotion « ${title} » est désactivée.`);
  }
});
