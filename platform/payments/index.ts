/**
 * The payments module: the embedded test card processor.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */

export { chargeMealVoucher } from "./meal-vouchers.ts";
export {
  type CardBrand,
  type CardInput,
  type CardKind,
  type ChargeOutcome,
  chargeCard,
  MEAL_VOUCHER_DECLINED_TEST_NUMBER,
  MEAL_VOUCHER_TEST_NUMBER,
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
