import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from "#platform/meal-vouchers.ts";
import { chargeMealVoucher } from "#platform/payments/meal-vouchers.ts";
import {
  type CardInput,
  chargeCard,
  MEAL_VOUCHER_DECLINED_TEST_NUMBER,
  MEAL_VOUCHER_TEST_NUMBER,
  PAYMENT_MESSAGES,
  tokenizeCard,
} from "#platform/payments/processor.ts";
import { refundCharge } from "#platform/payments/refunds.ts";
import { paymentCard } from "#platform/payments/schema.ts";

// Sunday 22 November 2026, 9:00 in Paris; the next day starts at 23:00 UTC.
const NOW = new Date("2026-11-22T08:00:00Z");
const LATER_SAME_DAY = new Date("2026-11-22T22:30:00Z");
const NEXT_DAY = new Date("2026-11-22T23:30:00Z");
const VOUCHER: CardInput = {
  number: MEAL_VOUCHER_TEST_NUMBER,
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
};
const VISA: CardInput = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "737" };

let database: Database;
let keys = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function tokenOf(card: CardInput): Promise<string> {
  const result = await tokenizeCard(database.db, card, NOW);
  if (!result.ok) throw new Error(result.message);
  return result.card.token;
}

/** A titres-restaurant charge of `amountCents` on a freshly tokenized card, as a checkout makes it. */
async function payWithVoucher(card: CardInput, amountCents: number, now = NOW) {
  keys += 1;
  return chargeMealVoucher(
    database.db,
    {
      token: await tokenOf(card),
      amountCents,
      idempotencyKey: `meal-voucher-test:${keys}`,
      description: "test",
    },
    now,
  );
}

describe("titres-restaurant cards", () => {
  it("are tokenized as meal vouchers, with a fingerprint and never the number", async () => {
    const result = await tokenizeCard(database.db, VOUCHER, NOW);
    expect(result).toMatchObject({ ok: true, card: { kind: "meal_voucher", last4: "0018" } });
    const cards = await database.db.select().from(paymentCard);
    const voucherCards = cards.filter((card) => card.kind === "meal_voucher");
    expect(voucherCards.length).toBeGreaterThan(0);
    for (const card of voucherCards) {
      expect(card.fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(card)).not.toContain(MEAL_VOUCHER_TEST_NUMBER);
    }
    // A bank card has none.
    await tokenOf(VISA);
    const visa = (await database.db.select().from(paymentCard)).find((c) => c.kind === "card");
    expect(visa?.fingerprint).toBeNull();
  });

  it("pay at most 25 € a day per card, whatever the tokens: the rest is a partial approval", async () => {
    const card = { ...VOUCHER, number: "5036 1500 0000 1008" };
    expect(await payWithVoucher(card, 1800)).toMatchObject({ ok: true, amountCents: 1800 });
    // Tokenized again, the same card is recognised: 7 € are left of its day.
    expect(await payWithVoucher(card, 1000, LATER_SAME_DAY)).toMatchObject({
      ok: true,
      amountCents: MEAL_VOUCHER_DAILY_LIMIT_CENTS - 1800,
    });
    expect(await payWithVoucher(card, 500, LATER_SAME_DAY)).toEqual({
      ok: false,
      code: "meal_voucher_daily_limit",
      message: PAYMENT_MESSAGES.meal_voucher_daily_limit,
    });
    expect(PAYMENT_MESSAGES.meal_voucher_daily_limit.replace(/[\u00a0\u202f]/g, " ")).toBe(
      "Le plafond journalier de vos titres-restaurant (25,00 €) est atteint pour aujourd'hui.",
    );
    // A new day in Paris, a new limit.
    expect(await payWithVoucher(card, 3000, NEXT_DAY)).toMatchObject({
      ok: true,
      amountCents: 2500,
    });
  });

  it("get back what a refund gives back of the day", async () => {
    const card = { ...VOUCHER, number: "5036 1500 0000 2006" };
    const first = await payWithVoucher(card, 2500);
    if (!first.ok) throw new Error(first.message);
    const refund = await refundCharge(
      database.db,
      { chargeId: first.chargeId, amountCents: 1200, idempotencyKey: "meal-voucher-refund" },
      NOW,
    );
    expect(refund.ok).toBe(true);
    expect(await payWithVoucher(card, 2500)).toMatchObject({ ok: true, amountCents: 1200 });
  });

  it("answer a retried key with the first charge", async () => {
    const token = await tokenOf({ ...VOUCHER, number: "5036 1500 0000 3004" });
    const charge = {
      token,
      amountCents: 900,
      idempotencyKey: "meal-voucher-once",
      description: "",
    };
    const first = await chargeMealVoucher(database.db, charge, NOW);
    const again = await chargeMealVoucher(database.db, { ...charge, amountCents: 2000 }, NOW);
    expect(first).toMatchObject({ ok: true, amountCents: 900 });
    expect(again).toEqual(first);
  });

  it("never overspend a day when one card pays several checkouts at once", async () => {
    const card = { ...VOUCHER, number: "5036 1500 0000 4002" };
    const tokens = await Promise.all(Array.from({ length: 6 }, () => tokenOf(card)));
    const results = await Promise.all(
      tokens.map((token, n) =>
        database.db.transaction((tx) =>
          chargeMealVoucher(
            tx,
            { token, amountCents: 1000, idempotencyKey: `meal-voucher-race:${n}`, description: "" },
            NOW,
          ),
        ),
      ),
    );
    const approved = results.flatMap((result) => (result.ok ? [result.amountCents] : []));
    expect(approved.reduce((sum, cents) => sum + cents, 0)).toBe(2500);
    expect(approved.sort((a, b) => a - b)).toEqual([500, 1000, 1000]);
    expect(results.filter((result) => !result.ok)).toHaveLength(3);
  });

  it("are refused as bank cards, and bank cards as titres-restaurant", async () => {
    const voucher = await tokenOf(VOUCHER);
    const visa = await tokenOf(VISA);
    expect(
      await chargeCard(
        database.db,
        { token: voucher, amountCents: 1000, idempotencyKey: "voucher-as-card", description: "" },
        NOW,
      ),
    ).toMatchObject({ ok: false, code: "meal_voucher_as_card" });
    expect(
      await chargeMealVoucher(
        database.db,
        { token: visa, amountCents: 1000, idempotencyKey: "card-as-voucher", description: "" },
        NOW,
      ),
    ).toMatchObject({ ok: false, code: "not_meal_voucher" });
  });

  it("decline the declined test card", async () => {
    expect(
      await payWithVoucher({ ...VOUCHER, number: MEAL_VOUCHER_DECLINED_TEST_NUMBER }, 1000),
    ).toEqual({ ok: false, code: "card_declined", message: PAYMENT_MESSAGES.card_declined });
  });
});
