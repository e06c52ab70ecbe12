/**
 * Automatic discounts in the cart API (issue 19, item 5): applied without a code when their
 * conditions hold, shown as Shopify's `CartAutomaticDiscountAllocation` on the cart and its lines;
 * never combined with a code (a code that applies wins); the one taking the most off wins among
 * several; disabled, not started, ended or used-up ones never apply.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { commerceDiscountCode } from "#platform/commerce/cart/schema.ts";
import {
  type CatalogueFixture,
  graphqlRequest,
  openCartTestShop,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

const STARTED = new Date("2025-01-01T00:00:00Z");

beforeAll(async () => {
  ({ database, api, fixture } = await openCartTestShop());
  // NOW is 2025-06-02. Only the first two can apply; the others would take more off.
  await database.db.insert(commerceDiscountCode).values([
    {
      code: null,
      automatic: true,
      title: "-10 % dès 30 €",
      kind: "percentage",
      value: 10,
      minimumSubtotalCents: 3000,
      startsAt: STARTED,
    },
    {
      code: null,
      automatic: true,
      title: "2 € offerts dès 10 €",
      kind: "fixed",
      value: 200,
      minimumSubtotalCents: 1000,
      startsAt: STARTED,
      usageLimit: 100,
      usesCount: 99,
    },
    {
      code: null,
      automatic: true,
      title: "Désactivée",
      kind: "percentage",
      value: 50,
      enabled: false,
      startsAt: STARTED,
    },
    {
      code: null,
      automatic: true,
      title: "Expirée",
      kind: "percentage",
      value: 40,
      startsAt: STARTED,
      endsAt: new Date("2025-05-01T00:00:00Z"),
    },
    {
      code: null,
      automatic: true,
      title: "Pas encore",
      kind: "percentage",
      value: 30,
      startsAt: new Date("2025-07-01T00:00:00Z"),
    },
    {
      code: null,
      automatic: true,
      title: "Épuisée",
      kind: "fixed",
      value: 2000,
      startsAt: STARTED,
      usageLimit: 5,
      usesCount: 5,
    },
    { code: "UNEURO", title: "1 € offert", kind: "fixed", value: 100, startsAt: STARTED },
  ]);
});
afterAll(() => database.close());

const DISCOUNTS = `#graphql
  fragment Discounts on Cart {
    discountCodes { code applicable }
    discountAllocations {
      __typename
      discountedAmount { amount }
      targetType
      discountApplication {
        allocationMethod targetSelection targetType
        value { __typename ... on MoneyV2 { amount } ... on PricingPercentageValue { percentage } }
      }
      ... on CartAutomaticDiscountAllocation { title }
      ... on CartCodeDiscountAllocation { code }
    }
    cost { subtotalAmount { amount } totalAmount { amount } }
    lines(first: 10) {
      nodes {
        id
        cost { totalAmount { amount } }
        discountAllocations {
          __typename
          discountedAmount { amount }
          ... on CartAutomaticDiscountAllocation { title }
          ... on CartCodeDiscountAllocation { code }
        }
      }
    }
  }`;

const CREATE = `#graphql
  mutation AutomaticCartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart { id ...Discounts }
      warnings { code message }
      userErrors { message }
    }
  }
  ${DISCOUNTS}`;

const QUERY = `#graphql
  query AutomaticCart($id: ID!) { cart(id: $id) { ...Discounts } }
  ${DISCOUNTS}`;

/** A cart of `comte` units (12,50 € each) and `miel` units (8,90 €), with these codes. */
async function cartOf(counts: { comte?: number; miel?: number }, discountCodes: string[] = []) {
  const lines = [
    ...(counts.comte ? [{ merchandiseId: fixture.comte.variantId, quantity: counts.comte }] : []),
    ...(counts.miel ? [{ merchandiseId: fixture.miel.variantId, quantity: counts.miel }] : []),
  ];
  const body = await graphqlRequest(api, CREATE, { input: { lines, discountCodes } });
  expect(body.errors).toBeUndefined();
  expect(body.data.cartCreate.userErrors).toEqual([]);
  return { ...body.data.cartCreate.cart, warnings: body.data.cartCreate.warnings };
}

const titles = (allocations: { title?: string; code?: string }[]) =>
  allocations.map((allocation) => allocation.title ?? allocation.code);

describe("automatic discounts in the cart", () => {
  it("apply without a code, as Shopify's CartAutomaticDiscountAllocation, spread over the lines", async () => {
    // 2 × 12,50 + 8,90 = 33,90 €: 10 % (3,39 €) beats 2 €.
    const cart = await cartOf({ comte: 2, miel: 1 });
    expect(cart.discountCodes).toEqual([]);
    expect(cart.warnings).toEqual([]);
    expect(cart.discountAllocations).toEqual([
      {
        __typename: "CartAutomaticDiscountAllocation",
        title: "-10 % dès 30 €",
        discountedAmount: { amount: "3.39" },
        targetType: "LINE_ITEM",
        discountApplication: {
          allocationMethod: "ACROSS",
          targetSelection: "ALL",
          targetType: "LINE_ITEM",
          value: { __typename: "PricingPercentageValue", percentage: 10 },
        },
      },
    ]);
    expect(cart.cost).toEqual({
      subtotalAmount: { amount: "33.9" },
      totalAmount: { amount: "30.51" },
    });
    const lines = cart.lines.nodes;
    expect(lines.map((l: { discountAllocations: unknown[] }) => l.discountAllocations)).toEqual([
      [
        {
          __typename: "CartAutomaticDiscountAllocation",
          title: "-10 % dès 30 €",
          discountedAmount: { amount: "2.5" },
        },
      ],
      [
        {
          __typename: "CartAutomaticDiscountAllocation",
          title: "-10 % dès 30 €",
          discountedAmount: { amount: "0.89" },
        },
      ],
    ]);
    // A plain read prices it the same way.
    const read = await graphqlRequest(api, QUERY, { id: cart.id });
    expect(read.data.cart.discountAllocations).toEqual(cart.discountAllocations);
  });

  it("apply the one taking the most off among those whose minimum is met", async () => {
    // 25 €: below 30 €, only the 2 € discount applies (the bigger ones are disabled, ended,
    // not started or used up).
    const cart = await cartOf({ comte: 2 });
    expect(titles(cart.discountAllocations)).toEqual(["2 € offerts dès 10 €"]);
    expect(cart.discountAllocations[0].discountApplication.value).toEqual({
      __typename: "MoneyV2",
      amount: "2.0",
    });
    expect(cart.cost.totalAmount.amount).toBe("23.0");
  });

  it("do not apply when no minimum is met", async () => {
    const cart = await cartOf({ miel: 1 });
    expect(cart.discountAllocations).toEqual([]);
    expect(cart.lines.nodes[0].discountAllocations).toEqual([]);
    expect(cart.cost.totalAmount.amount).toBe("8.9");
  });

  it("give way to a code that applies, even a smaller one; a code that does not apply keeps its warning", async () => {
    const withCode = await cartOf({ comte: 2, miel: 1 }, ["uneuro"]);
    expect(withCode.discountCodes).toEqual([{ code: "UNEURO", applicable: true }]);
    expect(titles(withCode.discountAllocations)).toEqual(["UNEURO"]);
    expect(withCode.discountAllocations[0].__typename).toBe("CartCodeDiscountAllocation");
    expect(withCode.cost.totalAmount.amount).toBe("32.9");
    expect(
      titles(
        withCode.lines.nodes.flatMap((l: { discountAllocations: [] }) => l.discountAllocations),
      ),
    ).toEqual(["UNEURO", "UNEURO"]);

    // NOEL5 needs 40 €: it does not apply, says why, and the automatic discount applies.
    const notMet = await cartOf({ comte: 2, miel: 1 }, ["NOEL5"]);
    expect(notMet.discountCodes).toEqual([{ code: "NOEL5", applicable: false }]);
    expect(notMet.warnings).toEqual([
      {
        code: "DISCOUNT_PURCHASE_NOT_IN_RANGE",
        message: "Le code promo « NOEL5 » est valable à partir de 40,00\u00a0€ d'achats.",
      },
    ]);
    expect(titles(notMet.discountAllocations)).toEqual(["-10 % dès 30 €"]);
    expect(notMet.cost.totalAmount.amount).toBe("30.51");
  });

  it("stop applying once disabled, ended or used up", async () => {
    const rule = (title: string) => eq(commerceDiscountCode.title, title);
    await database.db
      .update(commerceDiscountCode)
      .set({ enabled: false })
      .where(rule("-10 % dès 30 €"));
    const disabled = await cartOf({ comte: 2, miel: 1 });
    expect(titles(disabled.discountAllocations)).toEqual(["2 € offerts dès 10 €"]);

    await database.db
      .update(commerceDiscountCode)
      .set({ usesCount: 100 })
      .where(rule("2 € offerts dès 10 €"));
    const usedUp = await cartOf({ comte: 2, miel: 1 });
    expect(usedUp.discountAllocations).toEqual([]);
    expect(usedUp.cost.totalAmount.amount).toBe("33.9");

    await database.db
      .update(commerceDiscountCode)
      .set({ enabled: true, endsAt: new Date("2025-06-02T10:00:00Z") })
      .where(rule("-10 % dès 30 €"));
    const ended = await cartOf({ comte: 2, miel: 1 });
    expect(ended.discountAllocations).toEqual([]);
  });
});
