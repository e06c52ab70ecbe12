import { html, raw } from "hono/html";
import { GIFT_MESSAGE_MAX } from "#platform/commerce/cart/gift-options.ts";
import { type CartView, isAlcohol } from "#platform/commerce/cart/view.ts";
import {
  type CheckoutValues,
  confirmsAdult,
  FIELDS,
  type FieldErrors,
  type FieldName,
} from "#platform/commerce/checkout/form.ts";
import { maskedGiftCardCode } from "#platform/commerce/gift-cards/codes.ts";
import { appliedGiftCardGid, type GiftCardUse } from "#platform/commerce/gift-cards/gift-cards.ts";
import {
  type OrderDeliveryMethod,
  orderTotals,
  SERVICE_FEE_CENTS,
  SERVICE_FEE_TITLE,
} from "#platform/commerce/orders/orders.ts";
import { orderModeText } from "#platform/commerce/orders/slot.ts";
import { formatCents as euros, formatSlot } from "#platform/format.ts";
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from "#platform/meal-vouchers.ts";
import { formatVatRate } from "#platform/vat.ts";

/**
 * The hosted checkout's HTML: one server-rendered page in French that works without JavaScript.
 * Fieldsets group contact, delivery and payment; every input has a label; errors are listed in a
 * summary at the top, each linking to its field, and repeated beside the field.
 */

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f1f1f;background:#faf7f2;line-height:1.5}
a{color:#7a2e1d}
header{background:#fff;border-bottom:1px solid #e6dfd3;padding:1rem 1.5rem;display:flex;justify-content:space-between;align-items:center}
header a{font-weight:700;font-size:1.25rem;text-decoration:none}
main{max-width:68rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.75rem;margin:0 0 1.5rem}
.layout{display:grid;gap:2rem}
@media (min-width:62rem){.layout{grid-template-columns:3fr 2fr;align-items:start}}
fieldset{border:1px solid #e6dfd3;border-radius:.5rem;background:#fff;padding:1rem 1.25rem 1.25rem;margin:0 0 1.5rem}
legend{font-weight:700;font-size:1.125rem;padding:0 .25rem}
.field{margin-top:1rem}
.row{display:grid;gap:0 1rem}
@media (min-width:36rem){.row{grid-template-columns:1fr 1fr}}
label{display:block;font-weight:600;margin-bottom:.25rem}
.hint{margin:0 0 .25rem;color:#555;font-size:.9rem}
input,select,textarea{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #8a8275;border-radius:.375rem;background:#fff}
input:focus,select:focus,textarea:focus,button:focus,a:focus{outline:3px solid #f0b429;outline-offset:2px}
.choice{display:flex;gap:.75rem;align-items:flex-start;margin-top:.75rem}
.choice input{width:auto;margin-top:.35rem}
.choice label{font-weight:400}
.field--error input,.field--error select,.field--error textarea{border:2px solid #b00020}
.error-message{color:#b00020;font-weight:600;margin:0 0 .25rem}
.error-summary{border:3px solid #b00020;border-radius:.5rem;background:#fff;padding:1rem 1.25rem;margin-bottom:1.5rem}
.error-summary h2{margin:0 0 .5rem;font-size:1.125rem}
.error-summary ul{margin:0;padding-left:1.25rem}
button{font:inherit;font-weight:700;background:#7a2e1d;color:#fff;border:0;border-radius:.375rem;padding:.85rem 1.5rem;cursor:pointer;width:100%}
button:hover{background:#5e2316}
aside{background:#fff;border:1px solid #e6dfd3;border-radius:.5rem;padding:1rem 1.25rem}
aside h2{margin-top:0;font-size:1.25rem}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.4rem 0;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}
tfoot th,tfoot td{border-top:1px solid #e6dfd3}
.total th,.total td{font-weight:700;font-size:1.1rem}
.vat th,.vat td{font-weight:400;font-size:.9rem;color:#555}
.choice-summary dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:.75rem 0}
.choice-summary dt{font-weight:600}
.choice-summary dd{margin:0}
.gift-card{margin-top:1.25rem;padding-top:1rem;border-top:1px solid #e6dfd3}
.gift-card h3{font-size:1rem;margin:0 0 .5rem}
.gift-card .entry{display:flex;gap:.5rem;align-items:flex-end}
.gift-card .entry .field{flex:1;margin-top:0}
.gift-card button,.remove-gift-card button{width:auto;padding:.6rem 1rem;background:#fff;color:#7a2e1d;border:2px solid #7a2e1d}
.gift-card button:hover,.remove-gift-card button:hover{background:#f6ece8}
.remove-gift-card{display:inline}
.remove-gift-card button{padding:.1rem .5rem;font-weight:600;font-size:.9rem;margin-left:.5rem}
.field--checkbox{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.field--checkbox .error-message{flex-basis:100%}
.field--checkbox input{width:auto;margin:0}
.notice{border:3px solid #f0b429;border-radius:.5rem;background:#fff;padding:1rem 1.25rem;margin-bottom:1.5rem}
.notice h2{margin:0 0 .5rem;font-size:1.125rem}
.meal-voucher{background:#fff;border:1px solid #e6dfd3;border-radius:.5rem;padding:1rem 1.25rem;margin-top:1.5rem}
.meal-voucher h2{margin-top:0;font-size:1.125rem}
.add-meal-voucher button{background:#fff;color:#7a2e1d;border:2px solid #7a2e1d}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const LABELS: Record<FieldName, string> = {
  email: "Adresse e-mail",
  phone: "Téléphone",
  firstName: "Prénom",
  lastName: "Nom",
  adult: "Je certifie avoir 18 ans ou plus.",
  giftWrap: "Emballage cadeau (offert)",
  giftMessage: "Message pour le destinataire (facultatif)",
};

const fieldId = (name: FieldName) => `field-${name}`;

/**
 * `nonce`: the Content-Security-Policy nonce the composed server sends with this answer, for the
 * inline `<style>`; absent when the service runs without one.
 */
function page(title: string, body: unknown, shopUrl: string, nonce?: string) {
  return html`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} — Comptoir</title>
<style${nonce ? html` nonce="${nonce}"` : ""}>${raw(STYLE)}</style>
</head>
<body>
<header><a href="${shopUrl}">Comptoir</a><span>Paiement sécurisé</span></header>
<main id="contenu">
${body}
</main>
</body>
</html>`;
}

type InputOptions = {
  type?: string;
  autocomplete?: string;
  inputmode?: string;
  hint?: string;
  required?: boolean;
};

function input(
  name: FieldName,
  values: CheckoutValues,
  errors: FieldErrors,
  options: InputOptions = {},
) {
  const error = errors[name];
  const describedBy = [options.hint ? `hint-${name}` : "", error ? `error-${name}` : ""]
    .filter(Boolean)
    .join(" ");
  return html`<div class="field${error ? " field--error" : ""}">
<label for="${fieldId(name)}">${LABELS[name]}</label>
${options.hint ? html`<p class="hint" id="hint-${name}">${options.hint}</p>` : ""}
${error ? html`<p class="error-message" id="error-${name}"><span class="visually-hidden">Erreur :</span> ${error}</p>` : ""}
<input id="${fieldId(name)}" name="${name}" type="${options.type ?? "text"}" value="${values[name]}"${
    options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ""
  }${options.inputmode ? html` inputmode="${options.inputmode}"` : ""}${
    options.required ? " required" : ""
  }${error ? html` aria-invalid="true"` : ""}${describedBy ? html` aria-describedby="${describedBy}"` : ""}>
</div>`;
}

/** The mode, store or address and slot chosen on the storefront (the order-mode modal). */
export type CheckoutChoice = {
  mode: 1 | 2;
  slotKey: string;
  store: { name: string; address: string } | null;
  /** The delivery address (mode 1). */
  address: string | null;
  /** Why the slot can no longer be booked, in French; null when it can. */
  refusal: string | null;
  /** The method with the fee this cart pays (the delivery zone's, free from its threshold). */
  delivery: OrderDeliveryMethod;
  /** Why a delivery cannot be placed (below the zone's minimum order), in French; null when it can. */
  minimum: string | null;
  /** What is left to add before delivery is free; null when never free or already free. */
  leftToFree: number | null;
  /** The storefront page where the order-mode modal changes them. */
  changeUrl: string;
  /** The storefront's cart page, to complete the cart. */
  cartUrl: string;
};

/** A fee as the page shows it: pickup is free, a delivery from its threshold is offered. */
function feeText(delivery: OrderDeliveryMethod) {
  if (delivery.feeCents > 0) return euros(delivery.feeCents);
  return delivery.code === "domicile" ? "offerte" : "gratuit";
}

function choiceSummary(choice: CheckoutChoice, general: string | null) {
  return html`<fieldset class="choice-summary">
<legend>Livraison ou retrait</legend>
${choice.refusal && choice.refusal !== general ? html`<p class="error-message" role="alert">${choice.refusal}</p>` : ""}
${
  choice.minimum && choice.minimum !== general
    ? html`<p class="error-message" role="alert">${choice.minimum} <a href="${choice.cartUrl}">Compléter mon panier</a></p>`
    : ""
}
<dl>
<dt>Mode</dt><dd>${orderModeText(choice.mode)} — ${feeText(choice.delivery)}</dd>
${
  choice.mode === 2
    ? html`<dt>Magasin</dt><dd>${choice.store ? html`${choice.store.name}<br>${choice.store.address}` : "—"}</dd>`
    : html`<dt>Adresse</dt><dd>${choice.address ?? "—"}</dd>${
        choice.store ? html`<dt>Livré par</dt><dd>${choice.store.name}</dd>` : ""
      }`
}
<dt>Créneau</dt><dd>${formatSlot(choice.slotKey)}</dd>
</dl>
${choice.leftToFree !== null ? html`<p class="hint">Plus que ${euros(choice.leftToFree)} pour la livraison offerte.</p>` : ""}
<p><a href="${choice.changeUrl}">Modifier<span class="visually-hidden"> le mode, ${
    choice.mode === 2 ? "le magasin" : "l'adresse"
  } ou le créneau</span></a></p>
</fieldset>`;
}

function errorSummary(
  errors: FieldErrors,
  general: string | null,
  choice: CheckoutChoice | null = null,
) {
  const listed = FIELDS.filter((name) => errors[name]);
  if (listed.length === 0 && !general) return "";
  const aboutSlot = choice !== null && general !== null && general === choice.refusal;
  const aboutMinimum = choice !== null && general !== null && general === choice.minimum;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">Votre commande n'a pas pu être validée</h2>
<ul>
${general ? html`<li>${general}${aboutSlot ? html` <a href="${choice.changeUrl}">Choisir un autre créneau</a>` : ""}${aboutMinimum ? html` <a href="${choice.cartUrl}">Compléter mon panier</a>` : ""}</li>` : ""}
${listed.map((name) => html`<li><a href="#${fieldId(name)}">${errors[name]}</a></li>`)}
</ul>
</div>`;
}

/**
 * The gift cards of the cart as the checkout spends them: what each pays of the total, and what
 * is left to pay by card. `addAction` / `removeAction`: where the page's gift card forms post.
 */
export type CheckoutGiftCards = {
  uses: GiftCardUse[];
  totalCents: number;
  cardCents: number;
  /** The code the shopper typed, shown again with `error` when it was refused. */
  code: string;
  error: string | null;
  addAction: string;
  removeAction: string;
};

function giftCardRows(gift: CheckoutGiftCards) {
  if (gift.uses.length === 0) return "";
  return html`${gift.uses.map(
    (use) =>
      html`<tr><th scope="row">Carte cadeau ${maskedGiftCardCode(use.card.lastCharacters)}${
        use.problem ? html`<br><span class="error-message">${use.problem}</span>` : ""
      } <form class="remove-gift-card" method="post" action="${gift.removeAction}"><input type="hidden" name="card" value="${appliedGiftCardGid(use.card)}"><button type="submit">Retirer<span class="visually-hidden"> la carte cadeau ${maskedGiftCardCode(use.card.lastCharacters)}</span></button></form></th><td class="amount">-${euros(use.amountUsedCents)}</td></tr>`,
  )}
<tr class="total"><th scope="row">Reste à payer par carte</th><td class="amount" data-card-total>${euros(gift.cardCents)}</td></tr>`;
}

/** The gift card entry: a code, applied to the cart by its own small form. */
function giftCardEntry(gift: CheckoutGiftCards) {
  const describedBy = gift.error ? ' aria-describedby="error-giftCardCode"' : "";
  return html`<div class="gift-card" id="carte-cadeau">
<h3>Carte cadeau</h3>
<form method="post" action="${gift.addAction}" novalidate>
<div class="entry">
<div class="field${gift.error ? " field--error" : ""}">
<label for="field-giftCardCode">Code de la carte cadeau</label>
${gift.error ? html`<p class="error-message" id="error-giftCardCode" role="alert"><span class="visually-hidden">Erreur :</span> ${gift.error}</p>` : ""}
<input id="field-giftCardCode" name="code" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" value="${gift.code}"${gift.error ? raw(' aria-invalid="true"') : ""}${raw(describedBy)}>
</div>
<button type="submit">Appliquer</button>
</div>
</form>
</div>`;
}

function summary(view: CartView, choice: CheckoutChoice, gift: CheckoutGiftCards) {
  const delivery = choice.delivery;
  const totals = orderTotals(view, delivery);
  return html`<aside aria-labelledby="recap-title">
<h2 id="recap-title">Récapitulatif</h2>
<table>
<caption class="visually-hidden">Produits de votre panier</caption>
<thead><tr><th scope="col">Produit</th><th scope="col" class="amount">Montant</th></tr></thead>
<tbody>
${view.lines.map(
  (line) =>
    html`<tr><td>${line.quantity} × ${line.product.title}${
      line.variant.title !== "Default Title" ? html` (${line.variant.title})` : ""
    }</td><td class="amount">${euros(line.subtotalCents)}</td></tr>`,
)}
</tbody>
<tfoot>
<tr><th scope="row">Sous-total</th><td class="amount">${euros(view.subtotalCents)}</td></tr>
${view.appliedDiscounts.map(
  (discount) =>
    html`<tr><th scope="row">Code ${discount.code}</th><td class="amount">-${euros(discount.amountCents)}</td></tr>`,
)}
${
  view.automaticDiscount
    ? html`<tr><th scope="row">Remise automatique : ${view.automaticDiscount.title}</th><td class="amount">-${euros(view.automaticDiscount.amountCents)}</td></tr>`
    : ""
}
<tr><th scope="row">${SERVICE_FEE_TITLE}</th><td class="amount">${euros(SERVICE_FEE_CENTS)}</td></tr>
<tr><th scope="row">${delivery.title}</th><td class="amount">${feeText(delivery)}</td></tr>
<tr class="total"><th scope="row">Total</th><td class="amount" data-total="${delivery.code}">${euros(totals.totalCents)}</td></tr>
${totals.vat.map(
  (line) =>
    html`<tr class="vat"><th scope="row">dont TVA ${formatVatRate(line.rateBasisPoints)}</th><td class="amount">${euros(line.vatCents)}</td></tr>`,
)}
${giftCardRows(gift)}
</tfoot>
</table>
<p class="hint">Prix TTC (TVA incluse).</p>
${giftCardEntry(gift)}
</aside>`;
}

/**
 * The titres-restaurant part: what they may pay of this basket, and the card kept on the cart
 * (typed on the test processor's card-entry page, never here). `addAction`: where « Ajouter une
 * carte titres-restaurant » posts (null when card entry is not offered).
 */
export type CheckoutMealVoucher = {
  eligibleCents: number;
  card: { last4: string } | null;
  addAction: string | null;
  removeAction: string;
};

export type CheckoutPageModel = {
  view: CartView;
  choice: CheckoutChoice;
  giftCards: CheckoutGiftCards;
  mealVoucher: CheckoutMealVoucher;
  /** An open payment of this cart on the provider's page: where to resume it. */
  pending: { url: string | null } | null;
  values: CheckoutValues;
  errors: FieldErrors;
  general: string | null;
  action: string;
  shopUrl: string;
  nonce?: string;
};

/** A payment started on the provider's page and not finished: resume it, or start again below. */
function pendingNotice(model: CheckoutPageModel) {
  if (!model.pending) return "";
  return html`<div class="notice" role="status">
<h2>Un paiement est en cours pour ce panier</h2>
<p>Votre créneau est réservé pendant le paiement.${
    model.pending.url ? html` <a href="${model.pending.url}">Reprendre le paiement</a>` : ""
  }</p>
<p class="hint">Vous pouvez aussi modifier vos informations et payer à nouveau : le paiement en cours sera alors annulé.</p>
</div>`;
}

/** How the rest is paid: on the provider's hosted page, or not at all when gift cards pay it. */
function paymentFieldset(model: CheckoutPageModel) {
  const { giftCards } = model;
  if (giftCards.cardCents <= 0) {
    return html`<fieldset>
<legend>Paiement</legend>
<p>Vos cartes cadeaux règlent la totalité de la commande : aucun paiement par carte bancaire n'est nécessaire.</p>
</fieldset>`;
  }
  return html`<fieldset>
<legend>Paiement par carte</legend>
<p>Vous saisirez votre carte bancaire sur la page de paiement sécurisée de notre prestataire de paiement : vos données de carte ne passent jamais par Comptoir.</p>
${giftCards.totalCents > 0 ? html`<p>Montant à régler par carte bancaire : <strong>${euros(giftCards.cardCents)}</strong> (le reste est payé par carte cadeau).</p>` : ""}
${model.mealVoucher.card ? html`<p class="hint">Vos titres-restaurant règlent leur part d'abord ; seul le reste est débité de votre carte bancaire.</p>` : ""}
</fieldset>`;
}

/**
 * Titres-restaurant (issue 23): a card of their own for the food of the basket, up to the legal
 * daily limit, the rest on the bank card. Shown whenever something is left to pay by card. The
 * card is typed on the processor's card-entry page; its forms sit outside the checkout form.
 */
function mealVoucherSection(model: CheckoutPageModel) {
  const { giftCards, mealVoucher } = model;
  if (giftCards.cardCents <= 0) return "";
  if (mealVoucher.eligibleCents <= 0) {
    return html`<section class="meal-voucher" id="titres-restaurant" aria-labelledby="titres-restaurant-title">
<h2 id="titres-restaurant-title">Titres-restaurant</h2>
<p class="hint">Les titres-restaurant ne paient que les produits alimentaires, hors alcool : aucun produit de votre panier n'en fait partie.</p>
</section>`;
  }
  return html`<section class="meal-voucher" id="titres-restaurant" aria-labelledby="titres-restaurant-title">
<h2 id="titres-restaurant-title">Titres-restaurant (facultatif)</h2>
<p class="hint">Votre carte titres-restaurant règle les produits alimentaires, hors alcool et hors frais, dans la limite légale de ${euros(MEAL_VOUCHER_DAILY_LIMIT_CENTS)} par jour. Le reste est payé par carte bancaire.</p>
<p>Payable en titres-restaurant : <strong data-meal-voucher>${euros(mealVoucher.eligibleCents)}</strong></p>
${
  mealVoucher.card
    ? html`<form class="remove-gift-card" method="post" action="${mealVoucher.removeAction}"><p>Titres-restaurant •••• ${mealVoucher.card.last4} <button type="submit">Retirer<span class="visually-hidden"> la carte titres-restaurant •••• ${mealVoucher.card.last4}</span></button></p></form>`
    : mealVoucher.addAction
      ? html`<form class="add-meal-voucher" method="post" action="${mealVoucher.addAction}"><button type="submit">Ajouter une carte titres-restaurant</button></form>`
      : ""
}
</section>`;
}

/**
 * For a cart with alcohol: the box the shopper ticks to confirm being 18 or over, required
 * before paying (issue 23), with the law's two messages.
 */
function adultFieldset(model: CheckoutPageModel) {
  if (!model.view.lines.some((line) => isAlcohol(line.product))) return "";
  const error = model.errors.adult;
  const describedBy = ["hint-adult", error ? "error-adult" : ""].filter(Boolean).join(" ");
  return html`<fieldset>
<legend>Vente d'alcool</legend>
<input type="hidden" name="alcohol" value="1">
<p class="hint" id="hint-adult">Votre panier contient de l'alcool. La vente d'alcool est interdite aux mineurs de moins de 18 ans. L'abus d'alcool est dangereux pour la santé, à consommer avec modération.</p>
<div class="field field--checkbox${error ? " field--error" : ""}">
${error ? html`<p class="error-message" id="error-adult"><span class="visually-hidden">Erreur :</span> ${error}</p>` : ""}
<input id="${fieldId("adult")}" name="adult" type="checkbox" value="1"${confirmsAdult(model.values) ? " checked" : ""} required${error ? html` aria-invalid="true"` : ""} aria-describedby="${describedBy}">
<label for="${fieldId("adult")}">${LABELS.adult}</label>
</div>
</fieldset>`;
}

/**
 * A gift: wrapping, and a message written by hand on a card slipped into the bag (issue 23, as
 * restauration orders have it). Kept on the order's attributes (`gift-options.ts`).
 */
function giftFieldset(model: CheckoutPageModel) {
  const { values, errors } = model;
  const error = errors.giftMessage;
  const describedBy = ["hint-giftMessage", error ? "error-giftMessage" : ""]
    .filter(Boolean)
    .join(" ");
  return html`<fieldset>
<legend>C'est un cadeau ?</legend>
<div class="field field--checkbox">
<input id="${fieldId("giftWrap")}" name="giftWrap" type="checkbox" value="1"${values.giftWrap === "1" ? " checked" : ""}>
<label for="${fieldId("giftWrap")}">${LABELS.giftWrap}</label>
</div>
<div class="field${error ? " field--error" : ""}">
<label for="${fieldId("giftMessage")}">${LABELS.giftMessage}</label>
<p class="hint" id="hint-giftMessage">Écrit à la main sur une carte jointe à la commande, ${String(GIFT_MESSAGE_MAX)} caractères au plus.</p>
${error ? html`<p class="error-message" id="error-giftMessage"><span class="visually-hidden">Erreur :</span> ${error}</p>` : ""}
<textarea id="${fieldId("giftMessage")}" name="giftMessage" rows="3" maxlength="${String(GIFT_MESSAGE_MAX)}"${error ? html` aria-invalid="true"` : ""} aria-describedby="${describedBy}">${values.giftMessage}</textarea>
</div>
</fieldset>`;
}

/** The checkout form beside the order summary, with the errors of a refused submission. */
export function checkoutPage(model: CheckoutPageModel) {
  const { values, errors } = model;
  const body = html`<h1>Finaliser ma commande</h1>
${errorSummary(errors, model.general, model.choice)}
${pendingNotice(model)}
<div class="layout">
<form method="post" action="${model.action}" novalidate>
<fieldset>
<legend>Vos coordonnées</legend>
${input("email", values, errors, { type: "email", autocomplete: "email", required: true })}
${input("phone", values, errors, {
  type: "tel",
  autocomplete: "tel",
  hint: "Pour vous prévenir de la livraison. Exemple : 06 12 34 56 78.",
  required: true,
})}
</fieldset>
${choiceSummary(model.choice, model.general)}
<fieldset>
<legend>${model.choice.mode === 1 ? "Destinataire" : "Personne qui retire la commande"}</legend>
<div class="row">
${input("firstName", values, errors, { autocomplete: "given-name", required: true })}
${input("lastName", values, errors, { autocomplete: "family-name", required: true })}
</div>
</fieldset>
${giftFieldset(model)}
${adultFieldset(model)}
${paymentFieldset(model)}
<input type="hidden" name="giftCardCents" value="${String(model.giftCards.totalCents)}">
<input type="hidden" name="cardCents" value="${String(model.giftCards.cardCents)}">
<button type="submit">${model.giftCards.cardCents > 0 ? "Payer" : "Valider ma commande"}</button>
</form>
<div>
${summary(model.view, model.choice, model.giftCards)}
${mealVoucherSection(model)}
</div>
</div>`;
  return page("Finaliser ma commande", body, model.shopUrl, model.nonce);
}

/**
 * A cart without a chosen mode, store or slot (or a delivery without its address): the checkout
 * does not guess them, it sends the shopper back to choose them on the shop.
 */
export function noOrderModePage(changeUrl: string, shopUrl: string, nonce?: string) {
  return page(
    "Choisissez la livraison ou le retrait",
    html`<h1>Choisissez la livraison ou le retrait</h1>
<p>Avant de payer, choisissez sur la boutique la livraison à domicile ou le retrait en magasin, puis votre créneau.</p>
<p><a href="${changeUrl}">Choisir le mode et le créneau</a></p>`,
    shopUrl,
    nonce,
  );
}

/** An empty cart has no checkout (storefront.md §5): a message and the way back. */
export function emptyCartPage(shopUrl: string, nonce?: string) {
  return page(
    "Votre panier est vide",
    html`<h1>Votre panier est vide</h1>
<p>Ajoutez des produits à votre panier avant de passer commande.</p>
<p><a href="${shopUrl}">Retourner à la boutique</a></p>`,
    shopUrl,
    nonce,
  );
}

/** An unknown cart, or a wrong key in the link. */
export function cartNotFoundPage(shopUrl: string, nonce?: string) {
  return page(
    "Panier introuvable",
    html`<h1>Panier introuvable</h1>
<p>Ce lien de paiement ne correspond à aucun panier en cours.</p>
<p><a href="${shopUrl}">Retourner à la boutique</a></p>`,
    shopUrl,
    nonce,
  );
}
