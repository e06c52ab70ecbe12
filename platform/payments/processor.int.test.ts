import { eq, sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  type CardInput,
  cardSummary,
  chargeCard,
  PAYMENT_MESSAGES,
  tokenizeCard,
} from "#platform/payments/processor.ts";
import { paymentCard, paymentCharge } from "#platform/payments/schema.ts";

const NOW = new Date("2026-11-22T08:00:00Z");
const VISA: CardInput = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "737" };
const DECLINED: CardInput = { ...VISA, number: "4000 0000 0000 0002" };
const AMEX: CardInput = { number: "3782 822463 10005", expMonth: 3, expYear: 2029, cvc: "8341" };

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function tokenOf(card: CardInput, now = NOW): Promise<string> {
  const result = await tokenizeCard(database.db, card, now);
  if (!result.ok) throw new Error(result.message);
  return result.card.token;
}

async function chargesWithKey(key: string) {
  return database.db.select().from(paymentCharge).where(eq(paymentCharge.idempotencyKey, key));
}

describe("tokenizeCard", () => {
  it("keeps a token, the brand, the last four digits and the expiry of a valid card", async () => {
    const result = await tokenizeCard(database.db, VISA, NOW);
    expect(result).toEqual({
      ok: true,
      card: {
        token: expect.stringMatching(/^card_[A-Za-z]{32}$/),
        kind: "card",
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: 2030,
      },
    });
    if (!result.ok) return;
    expect(await cardSummary(database.db, result.card.token)).toEqual(result.card);
  });

  it("gives every card its own token", async () => {
    expect(await tokenOf(VISA)).not.toBe(await tokenOf(VISA));
  });

  it("accepts an American Express card with a four-digit CVC", async () => {
    const result = await tokenizeCard(database.db, AMEX, NOW);
    expect(result).toMatchObject({ ok: true, card: { brand: "amex", last4: "0005" } });
  });

  it("reads a two-digit year as 20xx", async () => {
    const result = await tokenizeCard(database.db, { ...VISA, expYear: 28 }, NOW);
    expect(result).toMatchObject({ ok: true, card: { expYear: 2028 } });
  });

  it.each([
    ["a failed Luhn checksum", { number: "4242 4242 4242 4241" }],
    ["letters", { number: "4242 4242 4242 abcd" }],
    ["too few digits", { number: "4242 4242" }],
    ["a Visa of the wrong length", { number: "42424242424242" }],
  ])("refuses a number with %s", async (_, change) => {
    expect(await tokenizeCard(database.db, { ...VISA, ...change }, NOW)).toEqual({
      ok: false,
      code: "invalid_number",
      message: "Le numéro de carte est invalide.",
    });
  });

  it.each([
    ["last month", { expMonth: 10, expYear: 2026 }],
    ["last year", { expMonth: 12, expYear: 2025 }],
    ["month 13", { expMonth: 13, expYear: 2030 }],
    ["month 0", { expMonth: 0, expYear: 2030 }],
    ["more than twenty years ahead", { expMonth: 1, expYear: 2050 }],
  ])("refuses an expiry of %s", async (_, change) => {
    expect(await tokenizeCard(database.db, { ...VISA, ...change }, NOW)).toEqual({
      ok: false,
      code: "invalid_expiry",
      message: "La date d'expiration est dépassée ou invalide.",
    });
  });

  it("accepts a card until the end of its expiry month, in Paris time", async () => {
    const november = { ...VISA, expMonth: 11, expYear: 2026 };
    expect((await tokenizeCard(database.db, november, NOW)).ok).toBe(true);
    // 23:30 UTC on 30 November is already 1 December in Paris.
    const december = new Date("2026-11-30T23:30:00Z");
    expect(await tokenizeCard(database.db, november, december)).toMatchObject({
      code: "invalid_expiry",
    });
  });

  it.each([
    ["two digits", VISA, "73"],
    ["four digits on a Visa", VISA, "7373"],
    ["letters", VISA, "7a3"],
    ["three digits on an American Express", AMEX, "834"],
  ])("refuses a CVC of %s", async (_, card, cvc) => {
    expect(await tokenizeCard(database.db, { ...card, cvc }, NOW)).toEqual({
      ok: false,
      code: "invalid_cvc",
      message: "Le code de sécurité (CVC) est invalide.",
    });
  });

  it("answers null for the summary of an unknown token", async () => {
    expect(await cardSummary(database.db, "card_unknown")).toBeNull();
  });
});

describe("chargeCard", () => {
  it("charges the approved test card", async () => {
    const token = await tokenOf(VISA);
    const result = await chargeCard(
      database.db,
      { token, amountCents: 2450, idempotencyKey: "approved-1", description: "Commande #1001" },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      chargeId: expect.stringMatching(/^ch_[A-Za-z]{32}$/),
      amountCents: 2450,
    });
    const [row] = await chargesWithKey("approved-1");
    expect(row).toMatchObject({ cardToken: token, amountCents: 2450, status: "succeeded" });
  });

  it("declines the declined test card with the French message", async () => {
    const token = await tokenOf(DECLINED);
    const charge = { token, amountCents: 1000, idempotencyKey: "declined-1", description: "" };
    const expected = {
      ok: false,
      code: "card_declined",
      message: "Votre carte a été refusée. Essayez une autre carte.",
    };
    expect(await chargeCard(database.db, charge, NOW)).toEqual(expected);
    expect(await chargeCard(database.db, charge, NOW)).toEqual(expected);
    expect(await chargesWithKey("declined-1")).toHaveLength(1);
  });

  it("returns the first result for a key used again, and never charges twice", async () => {
    const token = await tokenOf(VISA);
    const first = await chargeCard(
      database.db,
      { token, amountCents: 1200, idempotencyKey: "retry-1", description: "" },
      NOW,
    );
    const again = await chargeCard(
      database.db,
      { token, amountCents: 9900, idempotencyKey: "retry-1", description: "" },
      NOW,
    );
    expect(again).toEqual(first);
    expect(again).toMatchObject({ amountCents: 1200 });
    expect(await chargesWithKey("retry-1")).toHaveLength(1);
    const other = await chargeCard(
      database.db,
      { token, amountCents: 1200, idempotencyKey: "retry-2", description: "" },
      NOW,
    );
    expect(other.ok && first.ok && other.chargeId !== first.chargeId).toBe(true);
  });

  it("creates one charge for 20 concurrent charges with one key", async () => {
    const token = await tokenOf(VISA);
    const charge = { token, amountCents: 3100, idempotencyKey: "concurrent-1", description: "" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => chargeCard(database.db, charge, NOW)),
    );
    expect(await chargesWithKey("concurrent-1")).toHaveLength(1);
    const ids = new Set(results.map((result) => (result.ok ? result.chargeId : result.code)));
    expect(ids.size).toBe(1);
    expect(results[0]?.ok).toBe(true);
  });

  it("creates one charge for 20 concurrent transactions charging with one key", async () => {
    const token = await tokenOf(VISA);
    const charge = { token, amountCents: 3100, idempotencyKey: "concurrent-tx", description: "" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction((tx) => chargeCard(tx, charge, NOW)),
      ),
    );
    expect(await chargesWithKey("concurrent-tx")).toHaveLength(1);
    expect(new Set(results.map((result) => result.ok && result.chargeId)).size).toBe(1);
  });

  it.each([0, -100, 12.5, 100_000_001])("refuses an amount of %s cents", async (amountCents) => {
    const token = await tokenOf(VISA);
    const key = `amount-${amountCents}`;
    expect(
      await chargeCard(
        database.db,
        { token, amountCents, idempotencyKey: key, description: "" },
        NOW,
      ),
    ).toEqual({ ok: false, code: "amount_invalid", message: PAYMENT_MESSAGES.amount_invalid });
    expect(await chargesWithKey(key)).toHaveLength(0);
  });

  it("refuses an unknown token", async () => {
    const charge = {
      token: "card_nope",
      amountCents: 100,
      idempotencyKey: "nope",
      description: "",
    };
    expect(await chargeCard(database.db, charge, NOW)).toMatchObject({
      ok: false,
      code: "unknown_card",
      message: "Cette carte est inconnue. Saisissez-la à nouveau.",
    });
  });

  it("refuses a card that expired since it was saved", async () => {
    const token = await tokenOf({ ...VISA, expMonth: 11, expYear: 2026 });
    const later = new Date("2026-12-15T10:00:00Z");
    const charge = { token, amountCents: 100, idempotencyKey: "expired-1", description: "" };
    expect(await chargeCard(database.db, charge, later)).toMatchObject({ code: "invalid_expiry" });
    expect(await chargesWithKey("expired-1")).toHaveLength(0);
  });
});

describe("what is kept of a card", () => {
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
      select row_to_json(c)::text as line from ${paymentCard} c
      union all
      select row_to_json(p)::text from ${paymentCharge} p`);
    const { rows } = result as unknown as { rows: { line: string }[] };
    return rows.map((row) => row.line).join("\n");
  }

  it("never sends the number or the CVC to the database", async () => {
    const statements: string[] = [];
    const db = recordingDb(statements);
    const approved = await tokenizeCard(db, VISA, NOW);
    const declined = await tokenizeCard(db, DECLINED, NOW);
    const amex = await tokenizeCard(db, AMEX, NOW);
    await tokenizeCard(db, { ...VISA, cvc: "12" }, NOW);
    if (!approved.ok || !declined.ok || !amex.ok) throw new Error("cards refused");
    for (const [card, key] of [
      [approved.card, "leak-approved"],
      [declined.card, "leak-declined"],
      [amex.card, "leak-amex"],
    ] as const) {
      await chargeCard(
        db,
        { token: card.token, amountCents: 1250, idempotencyKey: key, description: "Commande" },
        NOW,
      );
    }

    const everything = `${statements.join("\n")}\n${await dump()}`;
    expect(statements.length).toBeGreaterThan(5);
    expect(everything).toContain("leak-amex");
    for (const secret of [
      "4242424242424242",
      "4242 4242 4242 4242",
      "4000000000000002",
      "4000 0000 0000 0002",
      "378282246310005",
      "3782 822463 10005",
      "737",
      "8341",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
