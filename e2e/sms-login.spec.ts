import { expect, type Page, test } from "@playwright/test";
import {
  type ReceivedSubmit,
  startTestSmsc,
  type TestSmscServer,
} from "../platform/notify/testing.ts";
import { type FreshShop, startFreshShop } from "./instances.ts";
import { hydrated } from "./journeys.ts";

/**
 * Phone login with a real SMS gateway (issue 49): a shop of its own with `SMS_GATEWAY=smpp`,
 * pointed at an SMSC this journey runs (the `smpp` package's server side). The shopper asks for
 * a code on the restauration checkout; the SMSC receives it in a `submit_sm`; the journey reads
 * the code from that message, types it, and the shopper is signed in. No outbox is read, no
 * sleep: the journey waits for the message itself. Desktop only (one shop, one SMSC).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
const CATEGORY = "/c/traiteur/entrees-et-salades/";
const STORE = { physicalRestaurantId: 2101, name: "Comptoir Haussmann" };
const PHONE = { national: "06 12 34 99 01", smpp: "33612349901" };

let smsc: TestSmscServer;
let shop: FreshShop;

test.skip(({ isMobile }) => isMobile, "one shop and one SMSC: the desktop journey");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smsc = await startTestSmsc();
  shop = await startFreshShop({
    port: PORT,
    env: {
      SEED_ON_START: "true",
      LOG_LEVEL: "warn",
      SMS_GATEWAY: "smpp",
      SMPP_URL: smsc.url,
      SMPP_SYSTEM_ID: smsc.systemId,
      SMPP_PASSWORD: smsc.password,
      SMS_SENDER: "Comptoir",
    },
  });
});
test.afterAll(async () => {
  await shop?.stop();
  await smsc?.close();
});

/** The next `submit_sm` the SMSC receives for `to` (or one received already). */
function nextSubmitTo(to: string, after: number): Promise<ReceivedSubmit> {
  return new Promise((resolve) => {
    const found = smsc.submits.slice(after).find((submit) => submit.to === to);
    if (found) return resolve(found);
    const listener = (submit: ReceivedSubmit) => {
      if (submit.to !== to) return;
      smsc.events.off("submit", listener);
      resolve(submit);
    };
    smsc.events.on("submit", listener);
  });
}

/** Pickup at the store on a free slot: the order-mode cookies the modal would write. */
async function pickupChosen(page: Page) {
  const answer = await page.request.get(
    `${shop.baseURL}/ordering/Restaurant/DeliverySlots/${STORE.physicalRestaurantId}?deliveryType=2`,
  );
  const slots = ((await answer.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data;
  const free = slots.filter((candidate) => !candidate.IsFull);
  const slot = free[3] ?? free[0];
  if (!slot) throw new Error("no free pickup slot");
  const url = shop.baseURL;
  await page.context().addCookies([
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

test("a login code goes out over SMPP; the shopper types the code the SMSC received and is signed in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await pickupChosen(page);
  await page.goto(`${shop.baseURL}${CATEGORY}`);
  await hydrated(page);
  const add = page
    .getByRole("article")
    .getByRole("button", { name: /^Ajouter .+ au panier$/ })
    .first();
  await add.click();
  await expect
    .poll(async () => {
      const cart = await page.request.get(`${shop.baseURL}/cart.json`);
      return ((await cart.json()) as { cart: { totalQuantity: number } | null }).cart
        ?.totalQuantity;
    })
    .toBe(1);

  await page.goto(`${shop.baseURL}/order/`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ma commande" })).toBeVisible();
  const before = smsc.submits.length;
  const received = nextSubmitTo(PHONE.smpp, before);
  await page.getByLabel("Numéro de téléphone mobile").fill(PHONE.national);
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page.getByLabel("Code reçu par SMS")).toBeFocused();

  // The SMSC got the code: from the configured sender, in GSM-7, asking for a receipt.
  const sms = await received;
  expect(sms).toMatchObject({ from: "Comptoir", dataCoding: 0, registeredDelivery: 1 });
  expect(sms.text).toMatch(/^Votre code Comptoir : \d{6}\. Il expire dans 10 minutes\.$/);
  const code = /(\d{6})/.exec(sms.text)?.[1] ?? "";

  await page.getByLabel("Code reçu par SMS").fill(code);
  await page.getByRole("button", { name: "Valider le code" }).click();
  await expect(page.getByText(`Connecté avec le ${PHONE.national}`)).toBeVisible();
});
