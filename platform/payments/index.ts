/**
 * The payments module: the embedded test card processor.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */
export {
  type CardBrand,
  type CardInput,
  chargeCard,
  NAMED_CARD_BRANDS,
  type PaymentFailure,
  tokenizeCard,
} from "./processor.ts";
export {
  type ChargeRecord,
  chargeRecords,
  type Refund,
  type RefundFailure,
  refundCharge,
  refundedByCharge,
} from "./refunds.ts";
