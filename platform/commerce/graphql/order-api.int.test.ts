import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import type { CheckoutInput } from "#platform/commerce/checkout/form.ts";
import { placeTestOrder } from "#platform/commerce/checkout/testing.ts";
import {
  listOrdersForCustomer,
  type OrderRow,
  orderForCustomer,
  orderGid,
} from "#platform/commerce/orders/orders.ts";
import {
  type CatalogueFixture,
  CUSTOMER_TOKEN,
  graphqlRequest,
  insertSlotStore,
  NOW,
  ORIGIN,
  openCartTestShop,
  slotAttributes,
  TEST_SLOTS,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

beforeAll(async () => {
  ({ database, api, fixture } = await openCartTestShop());
  // Its delivery zone charges 5,90 €.
  await insertSlotStore(database.db, {
    physicalRestaurantId: 31,
    capacity: 50,
    zone: { feeCents: 590 },
  });
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation OrderCartCreate($input: CartInput) {
    cartCreate(input: $input) { cart { id } userErrors { message } }
  }`;

const ORDER = `#graphql
  query OrderNode($id: ID!) {
    node(id: $id) {
      ... on Order {
        id name orderNumber processedAt financialStatus fulfillmentStatus statusUrl email phone
        currencyCode edited canceledAt
        totalPrice { amount currencyCode } currentTotalPrice { amount } subtotalPrice { amount }
        totalTax { amount } totalShippingPrice { amount } totalRefunded { amount }
        currentTotalDuties { amount }
        customAttributes { key value }
        shippingAddress { id firstName lastName address1 zip city country countryCodeV2 formatted(withName: true) formattedArea name }
        billingAddress { lastName }
        discountApplications(first: 5) {
          nodes {
            allocationMethod targetType
            value { ... on PricingPercentageValue { percentage } ... on MoneyV2 { amount } }
            ... on DiscountCodeApplication { code applicable }
          }
        }
        lineItems(first: 10) {
          nodes {
            title quantity currentQuantity
            originalTotalPrice { amount } discountedTotalPrice { amount }
            discountAllocations { allocatedAmount { amount } }
            variant { id sku product { handle } }
          }
        }
      }
    }
  }`;

const input: CheckoutInput = {
  email: "claire@example.fr",
  // A parsed form: the phone already in E.164.
  phone: "+33612345678",
  firstName: "Claire",
  lastName: "Martin",
  adult: "",
  giftWrap: "",
  giftMessage: "",
};

async function orderOf(lines: { merchandiseId: string; quantity: number }[], codes: string[] = []) {
  const created = await graphqlRequest(api, CREATE, {
    input: {
      lines,
      discountCodes: codes,
      attributes: [
        { key: "restauration", value: "false" },
        ...slotAttributes({ mode: 1, physicalRestaurantId: 31 }),
      ],
      buyerIdentity: { customerAccessToken: CUSTOMER_TOKEN },
      delivery: {
        addresses: [
          {
            selected: true,
            address: {
              deliveryAddress: {
                firstName: "Claire",
                lastName: "Martin",
                address1: "3 place des Vosges",
                zip: "75004",
                city: "Paris",
                countryCode: "FR",
              },
            },
          },
        ],
      },
    },
  });
  const gid = parseCartGid(created.data.cartCreate.cart.id);
  const result = await placeTestOrder(database.db, {
    token: gid?.token ?? "",
    key: gid?.key ?? "",
    input,
    now: NOW,
    storefrontOrigin: ORIGIN,
    slots: TEST_SLOTS,
  });
  if (result.kind !== "ordered") throw new Error(`no order: ${result.kind}`);
  return result.order;
}

let first: OrderRow;
let second: OrderRow;

describe("orders", () => {
  it("are readable by id through node, with every field of storefront.md §3", async () => {
    first = await orderOf([{ merchandiseId: fixture.caviar.variantId, quantity: 1 }], ["NOEL5"]);
    const body = await graphqlRequest(api, ORDER, { id: orderGid(first) });
    expect(body.errors).toBeUndefined();
    const order = body.data.node;
    expect(order).toMatchObject({
      id: orderGid(first),
      name: `#${first.orderNumber}`,
      orderNumber: first.orderNumber,
      processedAt: NOW.toISOString(),
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
      statusUrl: `${ORIGIN}/order/confirmation/?order=${encodeURIComponent(orderGid(first))}`,
      email: "claire@example.fr",
      phone: "+33612345678",
      currencyCode: "EUR",
      edited: false,
      canceledAt: null,
      // 50 € - 5 € + 0,50 € service + 5,90 € delivery.
      totalPrice: { amount: "51.4", currencyCode: "EUR" },
      currentTotalPrice: { amount: "51.4" },
      subtotalPrice: { amount: "45.5" },
      totalShippingPrice: { amount: "5.9" },
      totalRefunded: { amount: "0.0" },
      currentTotalDuties: null,
      customAttributes: [
        { key: "restauration", value: "false" },
        ...slotAttributes({ mode: 1, physicalRestaurantId: 31 }),
        // The slot the payment booked, as order attributes (Shopify has no slot field).
        { key: "_orderModeLabel", value: "Livraison à domicile" },
        { key: "_slotLabel", value: "lundi 2 juin 2025, 18h00–19h00" },
        { key: "_storeName", value: "Comptoir 31" },
        { key: "_storeAddress", value: "12 rue des Martyrs, 75009 Paris" },
      ],
      shippingAddress: {
        firstName: "Claire",
        lastName: "Martin",
        address1: "3 place des Vosges",
        zip: "75004",
        city: "Paris",
        country: "France",
        countryCodeV2: "FR",
        name: "Claire Martin",
        formatted: ["Claire Martin", "3 place des Vosges", "75004 Paris", "France"],
        formattedArea: "Paris, France",
      },
      billingAddress: { lastName: "Martin" },
      discountApplications: {
        nodes: [
          {
            allocationMethod: "ACROSS",
            targetType: "LINE_ITEM",
            value: { amount: "5.0" },
            code: "NOEL5",
            applicable: true,
          },
        ],
      },
    });
    // VAT included, once per rate: 5,5 % of 45 € and the 5,90 € delivery (2,65 €), 20 % of the
    // 0,50 € fee (0,08 €).
    expect(order.totalTax).toEqual({ amount: "2.73" });
    expect(order.lineItems.nodes).toEqual([
      {
        title: "Caviar",
        quantity: 1,
        currentQuantity: 1,
        originalTotalPrice: { amount: "50.0" },
        discountedTotalPrice: { amount: "45.0" },
        discountAllocations: [{ allocatedAmount: { amount: "5.0" } }],
        variant: { id: fixture.caviar.variantId, sku: "CAVIAR", product: { handle: "caviar" } },
      },
      {
        title: "Frais de service",
        quantity: 1,
        currentQuantity: 1,
        originalTotalPrice: { amount: "0.5" },
        discountedTotalPrice: { amount: "0.5" },
        discountAllocations: [],
        variant: null,
      },
    ]);
  });

  it("are not found with a wrong key or an unknown id", async () => {
    const wrong = orderGid({ id: first.id, statusKey: "0".repeat(32) });
    for (const id of [wrong, `gid://shopify/Order/${first.id}`, "gid://shopify/Order/999999"]) {
      const body = await graphqlRequest(api, ORDER, { id });
      expect(body.data.node).toBeNull();
    }
  });

  it("number from 1001 upwards and list a customer's orders newest first, paged", async () => {
    second = await orderOf([{ merchandiseId: fixture.miel.variantId, quantity: 1 }]);
    expect(second.orderNumber).toBe(first.orderNumber + 1);
    expect(first.orderNumber).toBeGreaterThanOrEqual(1001);
    const page1 = await listOrdersForCustomer(database.db, fixture.customerId, { first: 1 });
    expect(page1.nodes.map((o) => o.id)).toEqual([second.id]);
    expect(page1.totalCount).toBe("2");
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = await listOrdersForCustomer(database.db, fixture.customerId, {
      first: 1,
      after: page1.pageInfo.endCursor,
    });
    expect(page2.nodes.map((o) => o.id)).toEqual([first.id]);
    expect(page2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it("belong to their customer only", async () => {
    expect((await orderForCustomer(database.db, fixture.customerId, first.id))?.id).toBe(first.id);
    expect(await orderForCustomer(database.db, fixture.customerId + 1, first.id)).toBeUndefined();
    const none = await listOrdersForCustomer(database.db, fixture.customerId + 1, { first: 10 });
    expect(none.nodes).toEqual([]);
    expect(none.totalCount).toBe("0");
  });
});
