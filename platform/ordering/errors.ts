/**
 * The ordering service's refusals, answered in Flipdish's shape
 * `{ Success: false, UserMessage, Code }` by `http.ts`. `UserMessage` is French, for the shopper;
 * `Code` is stable, for the client's logic.
 */
export const ORDERING_ERROR_STATUS = {
  bad_request: 400,
  invalid_phone: 400,
  /** A number of a country SMS do not go to (`SMS_COUNTRIES`). */
  phone_country_unsupported: 400,
  /** An SMS the rules refuse (over the part limit…), with its `Reason`. */
  sms_refused: 400,
  invalid_code: 400,
  code_expired: 400,
  code_used: 400,
  too_many_attempts: 429,
  customer_disabled: 403,
  rate_limited: 429,
  unauthorized: 401,
  not_found: 404,
  store_unavailable: 400,
  mode_unavailable: 400,
  slot_unavailable: 409,
  slot_full: 409,
  outside_delivery_zone: 400,
  below_minimum_order: 400,
  empty_basket: 400,
  item_unavailable: 400,
  invalid_options: 400,
  voucher_invalid: 400,
  payment_account_required: 400,
  payment_failed: 402,
  /** A card number sent to the API: cards are typed on the provider's hosted page only. */
  card_number_refused: 400,
  /** A setup session (or a card entry) that is not finished, or not this customer's. */
  card_setup_incomplete: 400,
  /** The payment provider could not be reached. */
  payment_unavailable: 503,
  idempotency_key_required: 400,
  /** An order action its state does not allow (accepting a rejected order…). */
  invalid_transition: 409,
  /** A refund the processor refused (more than is left, nothing captured…), with its `Reason`. */
  refund_refused: 400,
} as const;

export type OrderingErrorCode = keyof typeof ORDERING_ERROR_STATUS;

export class OrderingError extends Error {
  readonly code: OrderingErrorCode;
  /** Extra fields for the client (the field that failed, the processor's code…). */
  readonly details: Record<string, unknown>;
  constructor(code: OrderingErrorCode, userMessage: string, details: Record<string, unknown> = {}) {
    super(userMessage);
    this.name = "OrderingError";
    this.code = code;
    this.details = details;
  }

  get status() {
    return ORDERING_ERROR_STATUS[this.code];
  }
}

/** The French texts shown to shoppers, in one place. */
export const MESSAGES = {
  badRequest: "La demande est incomplète ou mal formée.",
  internalError: "Une erreur est survenue. Réessayez dans un instant.",
  notFound: "Cette ressource est introuvable.",
  unauthorized: "Votre session a expiré. Reconnectez-vous.",
  invalidPhone:
    "Ce numéro de téléphone n'est pas valide. Saisissez un numéro français, par exemple 06 12 34 56 78.",
  phoneCountryUnsupported:
    "Nous ne pouvons pas envoyer de SMS vers ce pays. Saisissez un numéro français, par exemple 06 12 34 56 78.",
  smsRefused: "Nous ne pouvons pas vous envoyer ce SMS. Réessayez ou contactez la boutique.",
  invalidCode: "Ce code est incorrect.",
  codeExpired: "Ce code a expiré. Demandez-en un nouveau.",
  codeUsed: "Ce code a déjà été utilisé. Demandez-en un nouveau.",
  tooManyAttempts: "Trop de tentatives. Demandez un nouveau code.",
  customerDisabled:
    "Connexion impossible avec ce compte. Contactez la boutique pour en savoir plus.",
  rateLimited: (wait: string) => `Trop de demandes. Réessayez dans ${wait}.`,
  storeNotFound: "Ce magasin est introuvable.",
  modeUnavailable: "Ce magasin ne propose pas ce mode de commande.",
  slotRequired: "Choisissez un créneau.",
  slotUnavailable: "Ce créneau n'est plus disponible. Choisissez-en un autre.",
  slotFull: "Ce créneau est complet. Choisissez-en un autre.",
  deliveryAddressRequired: "Indiquez l'adresse de livraison.",
  outsideDeliveryZone: "Ce magasin ne livre pas à cette adresse.",
  belowMinimumOrder: (amount: string) =>
    `La livraison à cette adresse demande une commande d'au moins ${amount}.`,
  emptyBasket: "Votre panier est vide.",
  itemUnavailable: "Un produit de votre panier n'est plus disponible.",
  invalidOptions: "Les options choisies pour un produit ne sont pas valides.",
  voucherNotFound: "Ce code promo n'existe pas.",
  voucherDisabled: "Ce code promo n'est plus actif.",
  voucherExpired: "Ce code promo a expiré.",
  voucherNotStarted: "Ce code promo n'est pas encore valable.",
  voucherMinimum: (amount: string) => `Ce code promo est valable à partir de ${amount} d'achats.`,
  voucherDelivery: "Ce code promo n'est pas valable en livraison.",
  voucherPickup: "Ce code promo n'est pas valable en retrait.",
  voucherExhausted: "Ce code promo a atteint son nombre maximal d'utilisations.",
  voucherNoDiscount: "Ce code promo ne donne aucune remise sur ce panier.",
  paymentAccountRequired: "Choisissez une carte de paiement.",
  paymentAccountNotFound: "Cette carte est introuvable.",
  notMealVoucherAccount: "Cette carte n'est pas une carte titres-restaurant.",
  mealVoucherAsMainCard:
    "Une carte titres-restaurant ne règle que la part alimentaire : choisissez-la dans « Titres-restaurant » et payez le reste par carte bancaire.",
  mealVoucherNothingEligible:
    "Les titres-restaurant ne paient que les plats et produits alimentaires, hors alcool : aucun produit de votre panier n'en fait partie.",
  idempotencyKeyRequired: "L'en-tête Idempotency-Key est obligatoire.",
  paymentPending:
    "Votre paiement n'est pas encore confirmé. Patientez un instant puis actualisez la page.",
  cardNumberRefused:
    "Pour votre sécurité, Comptoir ne reçoit jamais de numéro de carte : enregistrez votre carte sur la page de paiement sécurisée.",
  cardSetupIncomplete:
    "L'enregistrement de la carte n'est pas terminé. Recommencez depuis « Ajouter une carte ».",
  cardToRegisterAgain:
    "Cette carte doit être enregistrée à nouveau sur la page de paiement sécurisée. Choisissez « Ajouter une carte ».",
  paymentUnavailable:
    "Le paiement est momentanément indisponible. Réessayez dans un instant : rien n'a été débité.",
} as const;
