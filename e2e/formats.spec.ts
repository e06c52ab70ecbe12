import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./journeys.ts";

/**
 * The shop's formats in a browser (docs/formats.md): on a narrow phone, every price of the order
 * summary stays on one line (no « 12,60 / € »), written with no-break spaces; the slot reads
 * « mardi 24 novembre 2026, 12h00–13h00 ».
 */

const STORE = 2101;
const CATEGORY = "/c/traiteur/entrees-et-salades/";

/** Consent given and pickup at Comptoir Haussmann on a free slot: the modal's cookies. */
async function pickupChosen(page: Page, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1";
  const answer = await page.request.get(
    `/ordering/Restaurant/DeliverySlots/${STORE}?deliveryType=2`,
  );
  const slots = ((await answer.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data;
  const free = slots.filter((candidate) => !candidate.IsFull);
  const slot = free[3] ?? free[0];
  if (!slot) throw new Error("no free pickup slot");
  await page.context().addCookies([
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

test("an order summary's prices never break across lines on a narrow phone", async ({
  page,
  baseURL,
}) => {
  await pickupChosen(page, baseURL);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(CATEGORY);
  await hydrated(page);
  const add = page.getByRole("article").getByRole("button", { name: /^Ajouter .+ au panier$/ });
  for (const index of [0, 1, 2]) await add.nth(index).click();
  await expect
    .poll(async () => {
      const body = (await (await page.request.get("/cart.json")).json()) as {
        cart: { totalQuantity: number } | null;
      };
      return body.cart?.totalQuantity ?? 0;
    })
    .toBe(3);

  await page.goto("/order/");
  await hydrated(page);
  const summary = page.getByRole("region", { name: "Récapitulatif" });
  await expect(summary).toBeVisible();
  await expect(page.getByText(/\d{1,2}h\d{2}–\d{1,2}h\d{2}/).first()).toBeVisible();

  const prices = await summary.evaluate((region) => {
    const found: { text: string; lines: number }[] = [];
    const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!text.includes("€") || !/\d,\d{2}/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      found.push({ text, lines: tops.size });
    }
    return found;
  });
  // Three lines, the subtotal, the service fee and the total at least.
  expect(prices.length).toBeGreaterThanOrEqual(6);
  for (const price of prices) {
    expect(price.text, price.text).toMatch(/^-?\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0€$/);
    expect(price.lines, price.text).toBe(1);
  }
});
