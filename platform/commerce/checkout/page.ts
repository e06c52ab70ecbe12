import { html, raw } from "hono/html";
import type { CartView } from "#platform/commerce/cart-view.ts";
import {
  type CheckoutValues,
  DELIVERY_METHODS,
  type DeliveryCode,
  FIELDS,
  type FieldErrors,
  type FieldName,
} from "#platform/commerce/checkout/form.ts";
import { orderTotals, SERVICE_FEE_CENTS, SERVICE_FEE_TITLE } from "#platform/commerce/orders.ts";
import { formatCents as euros } from "#platform/format.ts";

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
input,select{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #8a8275;border-radius:.375rem;background:#fff}
input:focus,select:focus,button:focus,a:focus{outline:3px solid #f0b429;outline-offset:2px}
.choice{display:flex;gap:.75rem;align-items:flex-start;margin-top:.75rem}
.choice input{width:auto;margin-top:.35rem}
.choice label{font-weight:400}
.field--error input,.field--error select{border:2px solid #b00020}
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
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const LABELS: Record<FieldName, string> = {
  email: "Adresse e-mail",
  phone: "Téléphone",
  deliveryMethod: "Mode de livraison",
  firstName: "Prénom",
  lastName: "Nom",
  address1: "Adresse",
  address2: "Complément d'adresse (facultatif)",
  zip: "Code postal",
  city: "Ville",
  country: "Pays",
  cardHolder: "Titulaire de la carte (facultatif)",
  cardNumber: "Numéro de carte",
  cardExpiry: "Date d'expiration (MM/AA)",
  cardCvc: "Code de sécurité (CVC)",
};

const fieldId = (name: FieldName) =>
  name === "deliveryMethod" ? "field-deliveryMethod-domicile" : `field-${name}`;

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

function deliveryChoice(code: DeliveryCode, values: CheckoutValues) {
  const method = DELIVERY_METHODS[code];
  const fee = method.feeCents === 0 ? "gratuit" : euros(method.feeCents);
  return html`<div class="choice">
<input type="radio" id="field-deliveryMethod-${code}" name="deliveryMethod" value="${code}"${
    values.deliveryMethod === code ? " checked" : ""
  }>
<label for="field-deliveryMethod-${code}">${method.title} — ${fee}</label>
</div>`;
}

function errorSummary(errors: FieldErrors, general: string | null) {
  const listed = FIELDS.filter((name) => errors[name]);
  if (listed.length === 0 && !general) return "";
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">Votre commande n'a pas pu être validée</h2>
<ul>
${general ? html`<li>${general}</li>` : ""}
${listed.map((name) => html`<li><a href="#${fieldId(name)}">${errors[name]}</a></li>`)}
</ul>
</div>`;
}

function summary(view: CartView) {
  const home = orderTotals(view, DELIVERY_METHODS.domicile);
  const pickup = orderTotals(view, DELIVERY_METHODS.retrait);
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
<tr><th scope="row">${SERVICE_FEE_TITLE}</th><td class="amount">${euros(SERVICE_FEE_CENTS)}</td></tr>
<tr><th scope="row">${DELIVERY_METHODS.domicile.title}</th><td class="amount">${euros(home.shippingCents)}</td></tr>
<tr><th scope="row">${DELIVERY_METHODS.retrait.title}</th><td class="amount">gratuit</td></tr>
<tr class="total"><th scope="row">Total avec livraison à domicile</th><td class="amount" data-total="domicile">${euros(home.totalCents)}</td></tr>
<tr class="total"><th scope="row">Total avec retrait au comptoir</th><td class="amount" data-total="retrait">${euros(pickup.totalCents)}</td></tr>
</tfoot>
</table>
<p class="hint">Prix TTC (TVA incluse).</p>
</aside>`;
}

export type CheckoutPageModel = {
  view: CartView;
  values: CheckoutValues;
  errors: FieldErrors;
  general: string | null;
  action: string;
  shopUrl: string;
  nonce?: string;
};

/** The checkout form beside the order summary, with the errors of a refused submission. */
export function checkoutPage(model: CheckoutPageModel) {
  const { values, errors } = model;
  const body = html`<h1>Finaliser ma commande</h1>
${errorSummary(errors, model.general)}
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
<fieldset${errors.deliveryMethod ? html` aria-describedby="error-deliveryMethod"` : ""}>
<legend>Mode de livraison</legend>
${errors.deliveryMethod ? html`<p class="error-message" id="error-deliveryMethod">${errors.deliveryMethod}</p>` : ""}
${deliveryChoice("domicile", values)}
${deliveryChoice("retrait", values)}
</fieldset>
<fieldset>
<legend>Adresse de livraison</legend>
<p class="hint">Pour un retrait au comptoir, seuls le prénom et le nom sont nécessaires.</p>
<div class="row">
${input("firstName", values, errors, { autocomplete: "given-name", required: true })}
${input("lastName", values, errors, { autocomplete: "family-name", required: true })}
</div>
${input("address1", values, errors, { autocomplete: "address-line1" })}
${input("address2", values, errors, { autocomplete: "address-line2" })}
<div class="row">
${input("zip", values, errors, { autocomplete: "postal-code", inputmode: "numeric" })}
${input("city", values, errors, { autocomplete: "address-level2" })}
</div>
<div class="field${errors.country ? " field--error" : ""}">
<label for="field-country">${LABELS.country}</label>
${errors.country ? html`<p class="error-message" id="error-country">${errors.country}</p>` : ""}
<select id="field-country" name="country" autocomplete="country">
<option value="FR" selected>France</option>
</select>
</div>
</fieldset>
<fieldset>
<legend>Paiement par carte</legend>
<p class="hint">Vos données de carte sont transmises au processeur de paiement et ne sont jamais conservées.</p>
${input("cardHolder", values, errors, { autocomplete: "cc-name" })}
${input("cardNumber", values, errors, {
  autocomplete: "cc-number",
  inputmode: "numeric",
  required: true,
})}
<div class="row">
${input("cardExpiry", values, errors, { autocomplete: "cc-exp", required: true })}
${input("cardCvc", values, errors, {
  autocomplete: "cc-csc",
  inputmode: "numeric",
  hint: "Les 3 chiffres au dos de la carte.",
  required: true,
})}
</div>
</fieldset>
<button type="submit">Payer et valider ma commande</button>
</form>
${summary(model.view)}
</div>`;
  return page("Finaliser ma commande", body, model.shopUrl, model.nonce);
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
