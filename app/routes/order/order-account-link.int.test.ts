import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceFetch } from "#app/lib/services.server.ts";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { latestMessage } from "#platform/notify/testing.ts";
import { payOnPage } from "#platform/payments/testing.ts";
import { DEMO_CUSTOMER } from "#seed/commerce/customers.ts";

/**
 * The restauration checkout of a shopper signed in to the shop (issue 47, items 2 and 3): name
 * and email prefilled from the shop account, « Lier ce numéro à mon compte », the paid order in
 * « Mes commandes » with its page, receipt and reorder, and no second phone sign-in after linking.
 */
let composed: ComposedStorefront;
let app: ComposedStorefront["app"];
let rows: ComposedStorefront["rows"];

const STORE_ID = 2101;
const PHONE = "06 44 55 66 77";

beforeAll(async () => {
  composed = await composeStorefront();
  ({ app, rows } = composed);
}, 180_000);

afterAll(() => composed?.close());

/** A browser's cookies, kept across requests. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  constructor(ip: string) {
    this.ip = ip;
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
  }

  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      if (attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()))) {
        this.cookies.delete(name);
      } else this.cookies.set(name, decodeURIComponent(pair.slice(at + 1).trim()));
    }
  }

  async get(path: string) {
    const response = await app.request(
      path,
      { redirect: "manual", headers: { cookie: this.header() } },
      { incoming: { socket: { remoteAddress: this.ip } } },
    );
    this.keep(response);
    return { status: response.status, html: await response.text(), response };
  }

  async post(path: string, fields: Record<string, string>) {
    const response = await app.request(
      path,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: this.header(),
          origin: "http://localhost",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      },
      { incoming: { socket: { remoteAddress: this.ip } } },
    );
    this.keep(response);
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: await response.text(),
    };
  }

  async signInToShop() {
    const signed = await this.post("/compte/", {
      intent: "login",
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      redirect: "/compte/",
    });
    expect(signed.status).toBe(302);
    expect(this.cookies.get("customerAccessToken")).toBeTruthy();
  }

  /** A restauration cart of one dish, pickup at the store on the n-th slot ahead. */
  async fillCart(n: number) {
    const [row] = await rows(sql`select p.handle from commerce_product p
      where 'restauration' = any(p.tags) and p.archived = false and p.available_for_sale
        and not ('unavailable' = any(p.tags)) and p.product_type = 'Entrées et salades'
      order by p.handle limit 1`);
    const variants = await storefrontQuery<{ product: { variants: { nodes: { id: string }[] } } }>(
      `query LinkTestVariant($handle: String!) { product(handle: $handle) { variants(first: 1) { nodes { id } } } }`,
      { handle: String(row?.handle) },
    );
    const cart = await storefrontQuery<{ cartCreate: { cart: { id: string } } }>(
      `mutation LinkTestCart($input: CartInput) { cartCreate(input: $input) { cart { id } } }`,
      {
        input: {
          lines: [{ merchandiseId: variants.product.variants.nodes[0]?.id, quantity: 1 }],
          attributes: [{ key: "restauration", value: "true" }],
        },
      },
    );
    const slots = (await (
      await serviceFetch(
        "ordering",
        `/ordering/Restaurant/DeliverySlots/${STORE_ID}?deliveryType=2`,
      )
    ).json()) as { Data: { Key: string }[] };
    const slot = slots.Data[4 + n];
    if (!slot) throw new Error("no slot");
    this.cookies.set("cartId", cart.cartCreate.cart.id);
    this.cookies.set("mode", "2");
    this.cookies.set("pickupLocationId", String(STORE_ID));
    this.cookies.set(
      "deliverySlot",
      JSON.stringify({ slot: slot.Key, day: slot.Key.split(" ")[0] }),
    );
    return cart.cartCreate.cart.id;
  }

  async signInByPhone() {
    const asked = await this.post("/order/", { intent: "request-code", phone: PHONE });
    const requestId = /name="requestId" value="([^"]+)"/.exec(asked.html)?.[1] ?? "";
    const sms = await latestMessage(
      composed.database.db,
      `+33${PHONE.replace(/\s/g, "").slice(1)}`,
      "phone_code",
    );
    const code = /(\d{6})/.exec(sms.text)?.[1] ?? "";
    const signed = await this.post("/order/", {
      intent: "verify-code",
      phone: PHONE,
      requestId,
      code,
    });
    expect(signed.status).toBe(200);
  }

  async pay() {
    const page = await this.get("/order/paiement/");
    expect(page.status).toBe(200);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.html)?.[1] ?? "";
    // « Ajouter une carte »: typed on the provider's hosted setup page, saved on the way back.
    const setup = await this.post("/order/paiement/", { intent: "add-card" });
    const typed = await payOnPage(
      setup.location ?? "",
      { number: "4242 4242 4242 4242" },
      undefined,
      (url, init) => Promise.resolve(app.request(url, init)),
    );
    const back = new URL(typed.headers.get("Location") ?? "");
    const saved = await this.get(`${back.pathname}${back.search}`);
    const card = /carte=(\d+)/.exec(saved.response.headers.get("location") ?? "")?.[1] ?? "";
    expect(card).not.toBe("");
    const paid = await this.post("/order/paiement/", {
      intent: "pay",
      idempotencyKey: key,
      card,
    });
    expect(paid.location).toMatch(/^\/order\/confirmation\/\?orderId=\d+$/);
    return Number(paid.location?.split("=")[1]);
  }
}

const inputValue = (html: string, id: string) =>
  new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1] ?? "";

describe("the restauration checkout of a shopper signed in to the shop", () => {
  let orderId = 0;

  it("prefills Nom and Adresse e-mail from the shop account, and offers to link the phone", async () => {
    const browser = new Browser("198.51.100.71");
    await browser.signInToShop();
    await browser.fillCart(0);
    await browser.signInByPhone();
    const page = await browser.get("/order/");
    expect(inputValue(page.html, "checkout-name")).toBe("Marie Dupont");
    expect(inputValue(page.html, "checkout-email")).toBe(DEMO_CUSTOMER.email);
    expect(page.html).toContain("Lier ce numéro à mon compte");
  });

  it("links the phone when asked; the paid order is in « Mes commandes » with its page, receipt and reorder", async () => {
    const browser = new Browser("198.51.100.72");
    await browser.signInToShop();
    await browser.fillCart(1);
    await browser.signInByPhone();
    const next = await browser.post("/order/", {
      intent: "continue",
      name: "Marie Dupont",
      email: DEMO_CUSTOMER.email,
      linkAccount: "on",
    });
    expect(next.location).toBe("/order/paiement/");
    orderId = await browser.pay();
    const [order] = await rows(sql`select order_number from ordering_order where id = ${orderId}`);

    const list = await browser.get("/compte/?s=3");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`n° ${order?.order_number}`);
    expect(list.html).toContain(`/compte/commandes/traiteur/${orderId}/`);

    const detail = await browser.get(`/compte/commandes/traiteur/${orderId}/`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain("Préparation du reçu");
    expect(detail.html).toContain("Commander à nouveau");

    // The receipt the page asks for, with the key of the order's confirmation links.
    const admin = await serviceFetch("ordering", `/ordering/api/v1.0/orders/${orderId}`);
    const key = ((await admin.json()) as { Data: { LinkKey: string } }).Data.LinkKey;
    expect(detail.html).toContain(key);
    const receipt = await app.request("/api/order/receipt", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderId, key }),
    });
    expect(receipt.status).toBe(200);

    const reorder = await browser.post(`/compte/commandes/traiteur/${orderId}/`, {
      intent: "reorder",
    });
    expect(reorder.location).toBe(`/compte/commandes/traiteur/${orderId}/?ajoutes=1`);
  });

  it("signs the linked phone in from the shop session, with no SMS code, on the next order", async () => {
    const browser = new Browser("198.51.100.73");
    await browser.signInToShop();
    await browser.fillCart(2);
    const page = await browser.get("/order/");
    expect(page.html).toContain("Connecté avec le");
    expect(page.html).not.toContain("Lier ce numéro à mon compte");
    expect(browser.cookies.get("tokenId")).toBeTruthy();
    expect(inputValue(page.html, "checkout-name")).toBe("Marie Dupont");
  });

  it("keeps a traiteur order from another account: its page is not found", async () => {
    const stranger = new Browser("198.51.100.74");
    const page = await stranger.get(`/compte/commandes/traiteur/${orderId}/`);
    expect(page.status).toBe(302);
    expect(page.response.headers.get("location")).toContain("/compte/");
  });
});
