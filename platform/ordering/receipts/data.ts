import { z } from "zod";

/**
 * Everything a PDF receipt shows (issue 6 §6), as plain data read from the stored order — never
 * from a request body. Money is integer cents; instants are `Date`s (ISO strings are accepted by
 * the schema and turned into dates). `receipts.ts` builds it from an order; `receipt-pdf.ts`
 * prints it.
 */

const cents = z.number().int();
const text = z.string().trim().min(1);

export const receiptLineSchema = z.object({
  name: text,
  /** The chosen options, printed under the line's name ("Sauce : béarnaise"). */
  options: z.array(z.object({ name: text, priceCents: cents.min(0) })),
  quantity: z.number().int().min(1),
  /** One unit, options included. */
  unitPriceCents: cents.min(0),
  /** `unitPriceCents × quantity`. */
  totalCents: cents.min(0),
});

export const receiptDataSchema = z.object({
  /** The ordering service's OrderId. */
  orderId: z.number().int().positive(),
  /** The number the shopper sees ("1042"). */
  orderNumber: text,
  placedAt: z.coerce.date(),
  /** The ordering customer who placed it: only they may have its receipt made. */
  customerId: z.number().int().positive(),
  customer: z.object({
    name: text,
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  }),
  /** 1 delivery, 2 pickup (ordering-and-server.md §9). */
  mode: z.union([z.literal(1), z.literal(2)]),
  store: z.object({
    name: text,
    /** Street, then postcode and city, one entry per printed line. */
    addressLines: z.array(text),
  }),
  /** Where the order is delivered, in delivery mode; null for a pickup. */
  deliveryAddress: z
    .object({ addressLines: z.array(text), instructions: z.string().nullable().optional() })
    .nullable(),
  slot: z.object({ start: z.coerce.date(), end: z.coerce.date() }),
  lines: z.array(receiptLineSchema).min(1),
  subtotalCents: cents.min(0),
  /** The voucher applied, with the amount it took off. */
  voucher: z.object({ code: text, amountCents: cents.min(0) }).nullable(),
  /** The fixed 0,50 € (ordering-and-server.md §4). */
  serviceFeeCents: cents.min(0),
  /** The store's DeliveryFee in delivery mode, 0 for a pickup. */
  deliveryFeeCents: cents.min(0),
  totalCents: cents.min(0),
  /** The card charged, as it may be shown; null when nothing was charged. */
  payment: z
    .object({
      brand: z.enum(["visa", "mastercard", "amex", "other"]),
      last4: z.string().regex(/^\d{4}$/),
    })
    .nullable(),
  /** The titres-restaurant card that paid part of it, and how much; absent or null otherwise. */
  mealVoucher: z
    .object({ last4: z.string().regex(/^\d{4}$/), amountCents: cents.min(0) })
    .nullable()
    .optional(),
  giftWrap: z.boolean(),
});

export type ReceiptLine = z.infer<typeof receiptLineSchema>;
export type ReceiptData = z.infer<typeof receiptDataSchema>;
