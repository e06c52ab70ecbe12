import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { evaluateDiscounts, findDiscountCodes } from "#platform/commerce/index.ts";
import { discountsSeeder } from "#seed/commerce/discounts.ts";
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
