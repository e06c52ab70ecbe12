/**
 * The payments module: the payment provider port (Stripe, the embedded test provider) and the
 * embedded test card processor.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */

// The test processor's hosted card-entry page for titres-restaurant cards
// (docs/payments.md, "The hosted card-entry page").
export {
  CARD_ENTRY_LIFETIME_MS,
  CARD_ENTRY_PARAM,
  type CardEntryKind,
  createCardEntry,
  takeCardEntry,
} from "./card-entry/entries.ts";
export { type CardEntryRoutesOptions, cardEntryRoutes } from "./card-entry/routes.ts";
export { chargeMealVoucher } from "./meal-vouchers.ts";
export {
  type CardBrand,
  type CardInput,
  type CardKind,
  type CardSummary,
  type ChargeOutcome,
  chargeCard,
  MEAL_VOUCHER_DECLINED_TEST_NUMBER,
  MEAL_VOUCHER_TEST_NUMBER,
  NAMED_CARD_BRANDS,
  type PaymentFailure,
  tokenizeCard,
} from "./processor.ts";
// The payment provider port (docs/payments.md, "The payment provider port"), its two adapters,
// and the embedded test provider they may talk to.
export {
  type CheckoutLine,
  type CheckoutSession,
  type CreateCheckoutSession,
  type Customer,
  type Payment,
  type PaymentProvider,
  PaymentProviderError,
  type Refund as ProviderRefund,
  type SavedCard,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";
export {
  type ChargeRecord,
  chargeRecords,
  type Refund,
  type RefundFailure,
  refundCharge,
  refundedByCharge,
} from "./refunds.ts";
export { createSandboxApi, type SandboxApiOptions } from "./sandbox/api.ts";
export { deliverDueEvents, type WebhookEndpoint } from "./sandbox/events.ts";
export { expireDueSessions } from "./sandbox/sessions.ts";
// Settling payments: attempts placed once by the return, the webhook or the reconciliation job
// (docs/payments.md, "Settling a payment").
export {
  attemptById,
  attemptByPayment,
  attemptBySession,
  createPayments,
  latestAttempt,
  openPaymentAttempt,
  type PaymentAttempt,
  type PaymentAttemptStatus,
  type PaymentHandler,
  type Payments,
  type PlaceResult,
} from "./settlement/attempts.ts";
export {
  RECONCILE_AFTER_MS,
  reconcilePayments,
  startPaymentJobs,
} from "./settlement/reconcile.ts";
export {
  releaseAttempt,
  SETTLEMENT_MESSAGES,
  type SettleOutcome,
  settleCheckoutSession,
  settlePaymentAttempt,
  startCheckoutSession,
} from "./settlement/settle.ts";
export {
  paymentWebhookRoutes,
  receiveWebhook,
  STRIPE_WEBHOOK_PATH,
  type WebhookAnswer,
} from "./settlement/webhook.ts";
export { createStripeProvider, type StripeProviderOptions } from "./stripe.ts";
export { createTestProvider, type TestProviderOptions } from "./test-provider.ts";
