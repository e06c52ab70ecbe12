/**
 * The notify module: the email and SMS outbox, SMTP delivery, the SMS gateways (SMPP, Vonage), email
 * templates, the newsletter.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */

export {
  type Contact,
  ERASED_TEXT,
  eraseNotifyData,
  exportNotifyData,
  isNewsletterSubscriber,
} from "./customer-data.ts";
export { createMailDelivery } from "./delivery.ts";
export {
  MAX_EMAIL_LENGTH,
  newsletterLimiter,
  newsletterSubscriberCount,
  normaliseEmail,
  subscribeToNewsletter,
} from "./newsletter.ts";
export {
  configureSmsRules,
  latestSmsFailedForGood,
  listOutbox,
  outboxBacklog,
  outboxFigures,
  queueEmail,
  queueSms,
  smsRulesInUse,
} from "./outbox.ts";
export { createSmsDelivery, type SmsDelivery } from "./sms/delivery.ts";
export { type SmsGateway, SmsGatewayError } from "./sms/gateway.ts";
export { createSmppGateway } from "./sms/smpp.ts";
export {
  CALLING_CODES as SMS_COUNTRY_CODES,
  inSmsCountries,
  normaliseSmsNumber,
  type SmsRules,
  smsRefusal,
} from "./sms/text.ts";
export { createVonageGateway, VONAGE_SIGNATURE_METHODS } from "./sms/vonage.ts";
export { activationEmail } from "./templates/activation.ts";
export {
  type OrderConfirmationParts,
  orderConfirmationEmail,
  orderConfirmationSms,
} from "./templates/order-confirmation.ts";
export {
  type OrderStatusParts,
  orderRefundEmail,
  orderRefundSms,
  orderStatusEmail,
  orderStatusSms,
} from "./templates/order-status.ts";
export { passwordResetEmail } from "./templates/password-reset.ts";
