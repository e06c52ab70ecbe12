import { eq, sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { chargeMealVoucher } from "#platform/payments/meal-vouchers.ts";
import { paymentCard, paymentCharge } from "#platform/payments/schema.ts";
import { CARD_ENTRY_LIFETIME_MS, createCardEntry, takeCardEntry } from "./entries.ts";
import { cardEntryRoutes } from "./routes.ts";
import { paymentCardEntry } from "./schema.ts";

const NOW = new Date("2026-11-22T08:00:00Z");
const PAGE_BASE = "https://comptoir.test";
const RETURN_URL = "https://comptoir.test/checkout/panier/?key=cle";
const MEAL_VOUCHER = { number: "5036 1500 0000 0018", expiry: "12/30", cvc: "737" };

let database: Database;
const clock = { now: NOW };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => {
  clock.now = NOW;
});

function pages(db: Db = database.db) {
  return cardEntryRoutes({ db, now: () => clock.now });
}

async function openEntry(reference = "cart-1", db: Db = database.db) {
  return createCardEntry(db, {
    kind: "meal_voucher",
    returnUrl: RETURN_URL,
    reference,
    pageBase: PAGE_BASE,
    now: clock.now,
  });
}

/** The page's path, as the browser asks for it. */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** Posts the form as a browser without JavaScript does. */
async function submit(
  url: string,
  card: { number: string; expiry: string; cvc: string },
  app = pages(),
): Promise<Response> {
  return app.request(pathOf(url), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(card).toString(),
  });
}

async function entryRow(id: string) {
  const [row] = await database.db
    .select()
    .from(paymentCardEntry)
    .where(eq(paymentCardEntry.id, id));
  return row;
}

async function cardCount(): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(paymentCard);
  return Number(row?.n ?? 0);
}

describe("createCardEntry", () => {
  it("opens a page on the shop's origin, for 30 minutes", async () => {
    const entry = await openEntry();
    expect(entry.id).toMatch(/^ce_[A-Za-z]{32}$/);
    expect(entry.url).toBe(`${PAGE_BASE}/test-payments/titres-restaurant/${entry.id}`);
    expect(entry.expiresAt).toEqual(new Date(NOW.getTime() + CARD_ENTRY_LIFETIME_MS));
    expect(await entryRow(entry.id)).toMatchObject({
      kind: "meal_voucher",
      returnUrl: RETURN_URL,
      reference: "cart-1",
      status: "open",
      cardToken: null,
    });
  });

  it("refuses a return address that is not an absolute http(s) URL", async () => {
    for (const returnUrl of ["/checkout/panier/", "javascript:alert(1)"]) {
      await expect(
        createCardEntry(database.db, {
          kind: "meal_voucher",
          returnUrl,
          reference: "cart-1",
          pageBase: PAGE_BASE,
          now: NOW,
        }),
      ).rejects.toThrow(/returnUrl/);
    }
  });
});

describe("the card-entry page", () => {
  it("shows a French form, accessible and without script, posting to itself", async () => {
    const entry = await openEntry();
    const response = await pages().request(pathOf(entry.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<label for="number">Numéro de la carte titres-restaurant</label>');
    expect(page).toContain('<label for="expiry">Date d&#39;expiration (MM/AA)</label>');
    expect(page).toContain('<label for="cvc">Code</label>');
    expect(page).toContain(`<form method="post" action="${pathOf(entry.url)}"`);
    expect(page).toContain(`<a href="${RETURN_URL}">Annuler et revenir à la boutique</a>`);
    expect(page).not.toContain("<script");
  });

  it("takes a titres-restaurant card and sends the shopper back with the entry's id", async () => {
    const entry = await openEntry();
    const response = await submit(entry.url, MEAL_VOUCHER);
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get("Location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("https://comptoir.test/checkout/panier/");
    expect(back.searchParams.get("key")).toBe("cle");
    expect(back.searchParams.get("card_entry")).toBe(entry.id);
    expect(await entryRow(entry.id)).toMatchObject({
      status: "complete",
      cardToken: expect.stringMatching(/^card_/),
      completedAt: NOW,
    });

    // The page of a completed entry takes no second card and leads back with the entry's id.
    const again = await pages().request(pathOf(entry.url));
    expect(again.status).toBe(410);
    const page = await again.text();
    expect(page).toContain("Votre carte titres-restaurant est déjà enregistrée");
    expect(page).toContain(`card_entry=${entry.id}`);
    expect((await submit(entry.url, MEAL_VOUCHER)).status).toBe(410);
  });

  it("refuses a bank card on the number field, and keeps nothing of it", async () => {
    const entry = await openEntry();
    const before = await cardCount();
    const response = await submit(entry.url, { ...MEAL_VOUCHER, number: "4242 4242 4242 4242" });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain(
      '<p class="error" id="number-error" role="alert">Cette carte n&#39;est pas une carte titres-restaurant.</p>',
    );
    expect(page).toMatch(/id="number"[^>]*aria-invalid="true" aria-describedby="number-error"/);
    expect(page).not.toContain("4242");
    expect(await cardCount()).toBe(before);
    expect(await entryRow(entry.id)).toMatchObject({ status: "open", cardToken: null });

    // The shopper types the right card next: the entry is still open for it.
    expect((await submit(entry.url, MEAL_VOUCHER)).status).toBe(303);
  });

  it.each([
    [
      "a past expiry",
      { expiry: "10/26" },
      "expiry",
      "La date d&#39;expiration est dépassée ou invalide.",
    ],
    [
      "month 13",
      { expiry: "13/30" },
      "expiry",
      "La date d&#39;expiration est dépassée ou invalide.",
    ],
    [
      "an unreadable expiry",
      { expiry: "décembre" },
      "expiry",
      "La date d&#39;expiration est dépassée ou invalide.",
    ],
    [
      "a failed checksum",
      { number: "5036 1500 0000 0019" },
      "number",
      "Le numéro de carte est invalide.",
    ],
    ["an empty number", { number: "" }, "number", "Le numéro de carte est invalide."],
    ["a two-digit code", { cvc: "73" }, "cvc", "Le code de sécurité (CVC) est invalide."],
  ])("shows %s on its field", async (_, change, field, message) => {
    const entry = await openEntry();
    const response = await submit(entry.url, { ...MEAL_VOUCHER, ...change });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(
      `<p class="error" id="${field}-error" role="alert">${message}</p>`,
    );
    expect((await entryRow(entry.id))?.status).toBe("open");
  });

  it("closes after 30 minutes, with a way back to the shop", async () => {
    const entry = await openEntry();
    clock.now = new Date(NOW.getTime() + CARD_ENTRY_LIFETIME_MS - 1000);
    expect((await pages().request(pathOf(entry.url))).status).toBe(200);

    clock.now = new Date(NOW.getTime() + CARD_ENTRY_LIFETIME_MS);
    const response = await pages().request(pathOf(entry.url));
    expect(response.status).toBe(410);
    const page = await response.text();
    expect(page).toContain("Cette page de saisie a expiré");
    expect(page).toContain(`<a href="${RETURN_URL}">Revenir à la boutique</a>`);
    const before = await cardCount();
    expect((await submit(entry.url, MEAL_VOUCHER)).status).toBe(410);
    expect(await cardCount()).toBe(before);
    expect(await entryRow(entry.id)).toMatchObject({ status: "expired", cardToken: null });
  });

  it("answers 404 for an unknown entry", async () => {
    const response = await pages().request("/test-payments/titres-restaurant/ce_inconnue");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Cette page de saisie de carte n'existe pas.");
    expect(
      (await submit(`${PAGE_BASE}/test-payments/titres-restaurant/ce_x`, MEAL_VOUCHER)).status,
    ).toBe(404);
  });

  it("completes an entry once under concurrent submissions", async () => {
    const entry = await openEntry();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submit(entry.url, MEAL_VOUCHER)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(7);
  });
});

describe("takeCardEntry", () => {
  it("gives the card once, to the consumer's reference, and the card can be charged", async () => {
    const entry = await openEntry("cart-take");
    expect(
      await takeCardEntry(database.db, entry.id, { reference: "cart-take", now: NOW }),
    ).toBeNull();
    await submit(entry.url, MEAL_VOUCHER);

    expect(
      await takeCardEntry(database.db, entry.id, { reference: "another-cart", now: NOW }),
    ).toBeNull();
    const card = await takeCardEntry(database.db, entry.id, { reference: "cart-take", now: NOW });
    expect(card).toEqual({
      token: expect.stringMatching(/^card_[A-Za-z]{32}$/),
      kind: "meal_voucher",
      brand: "other",
      last4: "0018",
      expMonth: 12,
      expYear: 2030,
    });
    expect(
      await takeCardEntry(database.db, entry.id, { reference: "cart-take", now: NOW }),
    ).toBeNull();
    expect(await entryRow(entry.id)).toMatchObject({ status: "spent", spentAt: NOW });

    const spent = await pages().request(pathOf(entry.url));
    expect(spent.status).toBe(410);
    expect(await spent.text()).toContain("a déjà été prise en compte par la boutique");

    if (!card) throw new Error("no card");
    const charge = await chargeMealVoucher(
      database.db,
      { token: card.token, amountCents: 1250, idempotencyKey: "entry-charge", description: "" },
      NOW,
    );
    expect(charge).toMatchObject({ ok: true, amountCents: 1250 });
  });

  it("gives nothing for an unknown entry, or one past its 30 minutes", async () => {
    expect(
      await takeCardEntry(database.db, "ce_inconnue", { reference: "cart-1", now: NOW }),
    ).toBeNull();
    const entry = await openEntry("cart-late");
    await submit(entry.url, MEAL_VOUCHER);
    const late = new Date(NOW.getTime() + CARD_ENTRY_LIFETIME_MS);
    expect(
      await takeCardEntry(database.db, entry.id, { reference: "cart-late", now: late }),
    ).toBeNull();
    expect((await entryRow(entry.id))?.status).toBe("expired");
  });

  it("gives the card to one of concurrent takes, in transactions", async () => {
    const entry = await openEntry("cart-race");
    await submit(entry.url, MEAL_VOUCHER);
    const cards = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction((tx) =>
          takeCardEntry(tx, entry.id, { reference: "cart-race", now: NOW }),
        ),
      ),
    );
    expect(cards.filter((card) => card !== null)).toHaveLength(1);
  });
});

describe("what is kept", () => {
  /** The same database, with every SQL statement and its parameters recorded. */
  function recordingDb(statements: string[]): Db {
    const logger: Logger = {
      logQuery: (query, params) => {
        statements.push(`${query} ${JSON.stringify(params)}`);
      },
    };
    return database.engine === "pglite"
      ? drizzlePglite({ client: database.client, logger })
      : drizzleNodePostgres({ client: database.client, logger });
  }

  async function dump(): Promise<string> {
    const result = await database.db.execute(sql`
      select row_to_json(e)::text as line from ${paymentCardEntry} e
      union all
      select row_to_json(c)::text from ${paymentCard} c
      union all
      select row_to_json(p)::text from ${paymentCharge} p`);
    const { rows } = result as unknown as { rows: { line: string }[] };
    return rows.map((row) => row.line).join("\n");
  }

  it("never stores or sends to the database a card number or a code", async () => {
    const statements: string[] = [];
    const db = recordingDb(statements);
    const app = pages(db);
    const accepted = await openEntry("cart-leak", db);
    const refused = await openEntry("cart-leak-bank", db);
    await submit(accepted.url, { ...MEAL_VOUCHER, cvc: "12" }, app);
    await submit(accepted.url, { ...MEAL_VOUCHER, number: "5036 1500 0000 0026", cvc: "915" }, app);
    await submit(refused.url, { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "737" }, app);
    const card = await takeCardEntry(db, accepted.id, { reference: "cart-leak", now: NOW });
    expect(card).toMatchObject({ kind: "meal_voucher", last4: "0026" });

    const everything = `${statements.join("\n")}\n${await dump()}`;
    expect(statements.length).toBeGreaterThan(5);
    expect(everything).toContain("cart-leak");
    for (const secret of [
      "5036150000000026",
      "5036 1500 0000 0026",
      "5036150000000018",
      "5036 1500 0000 0018",
      "4242424242424242",
      "4242 4242 4242 4242",
      "737",
      "915",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
