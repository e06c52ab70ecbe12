import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { commerceOrderLine } from "#platform/commerce/orders/schema.ts";
import {
  type CatalogueFixture,
  CHECKOUT_FORM,
  graphqlRequest,
  openCheckoutTestShop,
  orderOfCartToken,
  PARIS_DELIVERY,
  postCheckoutForm,
  slotAttributes,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { invoicesOfOrder } from "#platform/invoices/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { VAT_REDUCED, VAT_STANDARD } from "#platform/vat.ts";

/**
 * A paid grocery order gets its invoice in the payment's transaction, with its lines at their
 * products' VAT rates, the delivery shared between them and the service fee at 20 %; its email
 * links to it; a refund from the back office gives a credit note (issue 23 §2).
 */

const STORE = 51;
let database: Database;
let app: Hono;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

beforeAll(async () => {
  ({ database, api, fixture, app } = await openCheckoutTestShop([
    {
      physicalRestaurantId: STORE,
      capacity: 50,
      name: "Comptoir Martyrs",
      zone: { feeCents: 590 },
    },
  ]));
  // The caviar is sold at 20 % (CGI art. 278-0 bis excludes it from the reduced rate).
  await database.db
    .update(commerceProduct)
    .set({ vatRateBasisPoints: VAT_STANDARD })
    .where(eq(commerceProduct.id, fixture.caviar.productId));
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation InvoiceCart($input: CartInput) {
    cartCreate(input: $input) {
      cart { id checkoutUrl cost { totalAmount { amount } totalTaxAmount { amount } } }
      userErrors { message }
    }
  }`;

describe("a paid grocery order's invoice", () => {
  it("carries the VAT per rate from the cart to the invoice and the email", async () => {
    const body = await graphqlRequest(api, CREATE, {
      input: {
        lines: [
          { merchandiseId: fixture.comte.variantId, quantity: 2 },
          { merchandiseId: fixture.caviar.variantId, quantity: 1 },
        ],
        attributes: slotAttributes({ mode: 1, physicalRestaurantId: STORE }),
        delivery: { addresses: [PARIS_DELIVERY] },
      },
    });
    const cart = body.data.cartCreate.cart;
    // 25,00 € at 5.5 % (1,30 €) and 50,00 € at 20 % (8,33 €).
    expect(cart.cost.totalTaxAmount.amount).toBe("9.63");
    const url = new URL(cart.checkoutUrl);
    const page = await (await app.request(`${url.origin}${url.pathname}${url.search}`)).text();
    expect(page).toContain("dont TVA 5,5\u00a0%");
    expect(page).toContain("dont TVA 20\u00a0%");

    const res = await postCheckoutForm(app, `${url.pathname}${url.search}`, CHECKOUT_FORM);
    expect(res.status).toBe(303);
    const order = await orderOfCartToken(database.db, parseCartGid(cart.id)?.token ?? "");
    if (!order) throw new Error("no order");
    const lines = await database.db
      .select()
      .from(commerceOrderLine)
      .where(eq(commerceOrderLine.orderId, order.id));
    expect(lines.map((line) => [line.title, line.taxRateBasisPoints])).toEqual([
      ["Comté AOP 18 mois", VAT_REDUCED],
      ["Caviar", VAT_STANDARD],
      ["Frais de service", VAT_STANDARD],
    ]);

    const [invoice] = await invoicesOfOrder(database.db, "epicerie", order.id);
    if (!invoice) throw new Error("no invoice");
    expect(invoice.number).toMatch(/^F-2025-\d{6}$/);
    // 75,50 € of goods and fee, and 5,90 € of delivery shared 25 : 50 (1,97 € and 3,93 €).
    expect(invoice.document.vat).toEqual([
      { rateBasisPoints: VAT_REDUCED, netCents: 2556, vatCents: 141, grossCents: 2697 },
      { rateBasisPoints: VAT_STANDARD, netCents: 4536, vatCents: 907, grossCents: 5443 },
    ]);
    expect(invoice.totalCents).toBe(order.totalCents);
    expect(order.totalTaxCents).toBe(141 + 907);
    expect(invoice.document.buyer).toEqual({
      name: "Paul Durand",
      addressLines: ["12 rue des Martyrs", "75009 Paris"],
      email: "paul@example.fr",
    });
    expect(invoice.document.payment).toBe("payée par carte Visa •••• 4242");

    const [email] = (await listOutbox(database.db)).filter(
      (message) => message.kind === "order-confirmation" && message.to === "paul@example.fr",
    );
    expect(email?.text).toContain("dont TVA 5,5\u00a0% : 1,41\u00a0€");
    expect(email?.text).toContain(
      `Télécharger la facture ${invoice.number} (PDF) :\nhttp://boutique.test/api/invoices/${invoice.number}.pdf?key=${invoice.accessKey}`,
    );

    expect(email?.html).toContain(
      `<a href="http://boutique.test/api/invoices/${invoice.number}.pdf?key=${invoice.accessKey}"`,
    );
  });

  // A grocery order paid on the provider's page has no processor charge: the back office's
  // refunds move to the provider (issue 48, the back office's part), and this credit note with them.
  it.todo("shares a back-office refund's credit note between the same rates");
});
