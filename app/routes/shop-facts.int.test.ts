import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateContentCache } from "#app/lib/content/content.server.ts";
import { forgetShopFacts } from "#app/lib/content/shop-facts.server.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { orderConfirmationEmail } from "#platform/notify/index.ts";
import { renderReceiptPdf } from "#platform/ordering/index.ts";
import { pdfTextLines, sampleReceipt } from "#platform/ordering/testing.ts";
import { configureShopIdentity, DEMO_SHOP_IDENTITY } from "#platform/shop-identity.ts";

/**
 * What the pages state about the shop against the data it runs on (issue 18, items 5 and 6),
 * through the composed server on the seeded demo data:
 * - the pickup and delivery facts of /magasin/, the home page, the FAQ and the delivery page are
 *   those of the stores and zones the order-mode modal offers (its own routes answer here);
 * - the receipts, emails, legal pages, footer and JSON-LD print one identity, the configured one
 *   (set here through the `SHOP_*` variables, so a page still showing the demo values fails).
 */

/** A deployment's own identity: coherent numbers (Luhn-valid SIRET, the VAT key of its SIREN). */
const SHOP_ENV = {
  SHOP_LEGAL_NAME: "Épicerie Martin SARL",
  SHOP_LEGAL_FORM: "société à responsabilité limitée",
  SHOP_STREET: "7 rue Cadet",
  SHOP_POSTCODE: "75009",
  SHOP_CITY: "Paris",
  SHOP_SIRET: "800 123 457 00015",
  SHOP_VAT_NUMBER: "FR41800123457",
  SHOP_EMAIL: "service@epicerie-martin.example",
  SHOP_PHONE: "01 48 00 11 22",
};

let composed: ComposedStorefront;
let request: ComposedStorefront["request"];

beforeAll(async () => {
  composed = await composeStorefront({ env: SHOP_ENV });
  ({ request } = composed);
  invalidateContentCache();
  forgetShopFacts();
}, 180_000);

afterAll(async () => {
  await composed?.close();
  configureShopIdentity(DEMO_SHOP_IDENTITY);
  forgetShopFacts();
});

async function html(path: string): Promise<string> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The text a visitor reads: no scripts, comments or tags, entities decoded, spaces collapsed. */
function visibleText(markup: string): string {
  return markup
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/(p|li|h\d|tr|th|td|span|div|section|summary|address)>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&")
    .replace(/[ \t\n\r]+/g, " ");
}

function jsonLdOf(markup: string): Record<string, unknown>[] {
  return [...markup.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap(
    (match) => {
      const ld = JSON.parse(match[1] ?? "{}") as Record<string, unknown>;
      return Array.isArray(ld["@graph"]) ? (ld["@graph"] as Record<string, unknown>[]) : [ld];
    },
  );
}

async function orderingData<T>(path: string): Promise<{ status: number; data: T }> {
  const response = await request(path);
  const body = (await response.json()) as { Data: T };
  return { status: response.status, data: body.Data };
}

type PickupStore = { id: number; name: string; address: string };
type Slot = { key: string };

const WEEKDAYS = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"];
const ORDERED = [...WEEKDAYS.slice(1), "dimanche"];

/** `Du lundi au samedi` → lundi…samedi; `Dimanche` → dimanche. */
function daysOf(label: string): string[] {
  const lower = label.toLowerCase();
  const range = /^du (\S+) au (\S+)$/.exec(lower);
  if (!range) return [lower];
  return ORDERED.slice(ORDERED.indexOf(range[1] ?? ""), ORDERED.indexOf(range[2] ?? "") + 1);
}

/** `10h00–20h00, 14h00–18h00` → minutes ranges. */
function rangesOf(hours: string): [number, number][] {
  return [...hours.matchAll(/(\d{1,2})h(\d{2})–(\d{1,2})h(\d{2})/g)].map((m) => [
    Number(m[1]) * 60 + Number(m[2]),
    Number(m[3]) * 60 + Number(m[4]),
  ]);
}

describe("the pickup and delivery facts match the stores and zones the order-mode modal offers", () => {
  let pickup: PickupStore[];
  let texts: Record<string, string>;

  beforeAll(async () => {
    pickup = (await orderingData<PickupStore[]>("/order-mode/stores.json")).data;
    texts = {};
    for (const path of [
      "/",
      "/e/accueil/",
      "/magasin/",
      "/faq/",
      "/cms/livraison-et-retrait/",
      "/cms/cgv/",
    ]) {
      texts[path] = visibleText(await html(path));
    }
  });

  it("names every pickup store of the modal, with its address, on each page that speaks of pickup", () => {
    expect(pickup.map((store) => store.name)).toEqual([
      "Comptoir Haussmann",
      "Comptoir Rive Gauche",
      "Point retrait Bastille",
    ]);
    for (const store of pickup) {
      const [street = "", town = ""] = store.address.split(", ");
      expect(texts["/magasin/"]).toContain(`${store.name} ${street} ${town}`);
      for (const path of ["/faq/", "/cms/livraison-et-retrait/", "/cms/cgv/"]) {
        expect(texts[path], path).toContain(`${store.name} (${store.address})`);
      }
      expect(texts["/"]).toContain(store.name);
    }
  });

  it("states each store's hours on /magasin/, and every slot the modal offers falls inside them", async () => {
    const page = await html("/magasin/");
    for (const store of pickup) {
      const card = [...page.matchAll(/<section[^>]*class="store__card"[\s\S]*?<\/section>/g)]
        .map((match) => match[0])
        .find((section) => visibleText(section).includes(store.name));
      expect(card, store.name).toBeDefined();
      const rows = [...(card ?? "").matchAll(/<th scope="row">(.*?)<\/th><td>(.*?)<\/td>/g)];
      const week = new Map<string, [number, number][]>();
      for (const [, days = "", hours = ""] of rows) {
        for (const day of daysOf(visibleText(days).trim())) week.set(day, rangesOf(hours));
      }
      expect([...week.keys()].sort()).toEqual([...WEEKDAYS].sort());

      const { data: slots } = await orderingData<Slot[]>(
        `/order-mode/slots.json?location=${store.id}&mode=2`,
      );
      expect(slots.length, store.name).toBeGreaterThan(0);
      for (const slot of slots) {
        const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(slot.key);
        expect(match, slot.key).not.toBeNull();
        const [, day = "", h1, m1, h2, m2] = match ?? [];
        const weekday = WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()] ?? "";
        const start = Number(h1) * 60 + Number(m1);
        const end = Number(h2) * 60 + Number(m2);
        const open = week.get(weekday) ?? [];
        expect(
          open.some(([from, to]) => from <= start && end <= to),
          `${store.name} ${slot.key} within ${weekday}`,
        ).toBe(true);
      }
    }
  });

  it("accepts every postcode the content promises (93200 included) and refuses one it does not", async () => {
    const promised = new Set<string>();
    for (const path of ["/faq/", "/cms/livraison-et-retrait/", "/magasin/"]) {
      expect(texts[path], path).toContain("les 20 arrondissements de Paris");
      for (const match of texts[path]?.matchAll(/\((\d{5})\)/g) ?? []) {
        if (match[1] && !match[1].startsWith("75")) promised.add(match[1]);
      }
    }
    for (let n = 1; n <= 20; n++) promised.add(`750${String(n).padStart(2, "0")}`);
    expect(promised).toContain("93200");
    expect(promised.size).toBeGreaterThan(20);
    for (const postcode of promised) {
      const query = new URLSearchParams({ address: "1 rue de la Mairie", postcode, city: "Ville" });
      const { status, data } = await orderingData<{ store: { name: string } | null }>(
        `/order-mode/address.json?${query}`,
      );
      expect(status, postcode).toBe(200);
      expect(data.store?.name, postcode).toMatch(/^Comptoir /);
    }
    const outside = new URLSearchParams({
      address: "1 rue",
      postcode: "78000",
      city: "Versailles",
    });
    expect((await request(`/order-mode/address.json?${outside}`)).status).toBe(400);
  });

  it("keeps no stale claim and no unfilled fact token", () => {
    for (const [path, text] of Object.entries(texts)) {
      for (const stale of ["rue des Martyrs", "dès 15 h", "avant 11 h", "{{", "}}"]) {
        expect(text, `${path}: ${stale}`).not.toContain(stale);
      }
    }
  });
});

describe("one shop identity on receipts, emails, legal pages, the footer and the JSON-LD", () => {
  const legalName = SHOP_ENV.SHOP_LEGAL_NAME;
  const address = "7 rue Cadet, 75009 Paris";
  const siret = "800 123 457 00015";
  const rcs = "RCS Paris 800 123 457";
  const vat = SHOP_ENV.SHOP_VAT_NUMBER;
  const { SHOP_EMAIL: email, SHOP_PHONE: phone } = SHOP_ENV;
  /** What no surface may print: the demo identity's, and the contradictory values of old. */
  const foreign = [
    DEMO_SHOP_IDENTITY.legalName,
    DEMO_SHOP_IDENTITY.address.street,
    "912 345 675",
    DEMO_SHOP_IDENTITY.vatNumber,
    "rue des Halles",
    "rue des Martyrs",
    "123 456 789",
    "912 345 678",
    "FR32123456789",
  ];
  const expectIdentity = (text: string, surface: string, fields: string[]) => {
    for (const field of fields) expect(text, `${surface}: ${field}`).toContain(field);
    for (const value of foreign) expect(text, `${surface}: ${value}`).not.toContain(value);
  };

  it("prints the configured identity everywhere, and nothing of another", async () => {
    const receipt = pdfTextLines(await renderReceiptPdf(sampleReceipt())).join("\n");
    expectIdentity(receipt, "receipt", [legalName, address, `SIRET ${siret}`, rcs, vat, email]);

    const mail = orderConfirmationEmail({
      firstName: "Léa",
      orderName: "#1001",
      lines: [{ title: "Comté 18 mois", quantity: 1, totalCents: 1260 }],
      fees: [{ title: "Livraison", cents: 590 }],
      totalCents: 1850,
      taxCents: 168,
      arrival: ["3 rue Bleue", "75009 Paris"],
      action: { label: "Voir ma commande", url: "http://localhost:3000/order/confirmation/" },
    });
    expectIdentity(mail.text, "email (text)", [legalName, address, rcs, email, phone]);
    expectIdentity(mail.html, "email (HTML)", [legalName, address, rcs, email, phone]);

    const notice = visibleText(await html("/cms/mentions-legales/"));
    expectIdentity(notice, "legal notice", [legalName, address, siret, vat, email, phone]);
    expect(notice).toContain("sous le numéro 800 123 457");
    const privacy = visibleText(await html("/cms/donnees-personnelles/"));
    expectIdentity(privacy, "privacy page", [legalName, address, email]);

    const home = await html("/");
    const footer = visibleText(/<footer[\s\S]*<\/footer>/.exec(home)?.[0] ?? "");
    expectIdentity(footer, "footer", [`${legalName}, ${address}. ${rcs}.`, phone, email]);

    const organization = jsonLdOf(home).find((ld) => ld["@type"] === "Organization");
    expect(organization).toMatchObject({
      legalName,
      vatID: vat,
      taxID: "80012345700015",
      email,
      telephone: "+33 1 48 00 11 22",
      address: { streetAddress: "7 rue Cadet", postalCode: "75009", addressLocality: "Paris" },
    });
    const stores = jsonLdOf(await html("/magasin/")).filter((ld) => ld["@type"] === "GroceryStore");
    expect(stores).toHaveLength(3);
    for (const store of stores) {
      expect(store.parentOrganization).toMatchObject({ legalName, vatID: vat });
    }
    const owners = stores.map((store) => store.parentOrganization);
    expectIdentity(JSON.stringify([organization, ...owners]), "JSON-LD", [legalName]);
  });
});
