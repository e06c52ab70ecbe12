import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  evaluateDiscounts,
  findDiscountCodes,
  giftCardStatus,
  listGiftCards,
} from "#platform/commerce/index.ts";
import { discountsSeeder } from "#seed/commerce/discounts.ts";
import { DEMO_GIFT_CARDS } from "#seed/commerce/gift-cards.ts";
import { SEED_NOW } from "#seed/index.ts";
import { createRandom } from "#seed/random.ts";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction((tx) =>
    discountsSeeder.run(tx, createRandom(1), { seed: 1, now: SEED_NOW }),
  );
});
afterAll(() => database.close());

describe("the demo discount codes", () => {
  it("give 10 % from 30 €, 5 € from 40 €, and nothing for the expired and disabled ones", async () => {
    const codes = ["BIENVENUE10", "NOEL5", "ETE2024", "FIDELITE"];
    const rules = await findDiscountCodes(database.db, codes);
    const applicable = (subtotal: number) =>
      codes.map((code) => evaluateDiscounts([code], rules, subtotal, SEED_NOW)[0]);
    expect(applicable(2999).map((d) => d?.applicable)).toEqual([false, false, false, false]);
    expect(applicable(3000).map((d) => d?.amountCents)).toEqual([300, 0, 0, 0]);
    expect(applicable(4000).map((d) => d?.amountCents)).toEqual([400, 500, 0, 0]);
  });
});

describe("the demo gift cards", () => {
  it("are found by their documented codes, typed in any case: 50 €, 10 €, and one expired", async () => {
    const found = [];
    for (const { code } of DEMO_GIFT_CARDS) {
      const [card] = await listGiftCards(database.db, {
        search: code.toLowerCase(),
        today: "2025-01-06",
        limit: 2,
      });
      found.push(
        card && { balance: card.balanceCents, status: giftCardStatus(card, "2025-01-06") },
      );
    }
    expect(found).toEqual([
      { balance: 5000, status: "active" },
      { balance: 1000, status: "active" },
      { balance: 2000, status: "expired" },
    ]);
  });
});
