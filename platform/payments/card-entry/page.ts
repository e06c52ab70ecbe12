import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { providerPageLayout } from "#platform/payments/page-layout.ts";
import { PAYMENT_MESSAGES } from "#platform/payments/processor.ts";
import type { CardEntryProblem, CardEntryStatus } from "./entries.ts";

/**
 * The test processor's card-entry page, in French and without JavaScript: the processor's page,
 * not the shop's (no shop style, no shop script), with the look of the test provider's hosted
 * payment page (sandbox/page.ts). The card fields are posted to the processor only, and never
 * shown again: a refused card is typed anew.
 */

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1a1f36;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin-top:0}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #8792a2;border-radius:.3rem}
input[aria-invalid=true]{border-color:#b3093c}
button{margin-top:1.25rem;width:100%;padding:.75rem;font-size:1rem;border:0;border-radius:.3rem;background:#635bff;color:#fff;cursor:pointer}
.error{color:#b3093c;font-weight:600;margin:.25rem 0 0}.note{font-size:.85rem;color:#545969}`;

function layout(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return providerPageLayout(title, STYLE, body);
}

type Field = "number" | "expiry" | "cvc";

const PROBLEM_FIELDS: Record<CardEntryProblem, Field> = {
  invalid_number: "number",
  not_meal_voucher: "number",
  invalid_expiry: "expiry",
  invalid_cvc: "cvc",
};

/** The titres-restaurant card form; a refusal is said on its field, which gets the focus. */
export function cardEntryForm(action: string, cancelUrl: string, problem: CardEntryProblem | null) {
  const wrong = problem ? PROBLEM_FIELDS[problem] : null;
  const field = (
    name: Field,
    label: string,
    attributes: HtmlEscapedString | Promise<HtmlEscapedString>,
  ) => {
    const invalid = wrong === name;
    return html`<label for="${name}">${label}</label>
        <input id="${name}" name="${name}" required ${attributes}${
          invalid ? html` aria-invalid="true" aria-describedby="${name}-error" autofocus` : ""
        } />${
          invalid && problem
            ? html`<p class="error" id="${name}-error" role="alert">${PAYMENT_MESSAGES[problem]}</p>`
            : ""
        }`;
  };
  return layout(
    "Carte titres-restaurant",
    html`<h1>Carte titres-restaurant</h1>
      <p class="note">Page du processeur de titres-restaurant de test : aucune carte réelle n'est débitée.</p>
      <p>Saisissez votre carte titres-restaurant : la boutique la débitera de la part payable en
        titres-restaurant quand vous validerez votre commande.</p>
      <form method="post" action="${action}" autocomplete="off" novalidate>
        ${field(
          "number",
          "Numéro de la carte titres-restaurant",
          html`inputmode="numeric" autocomplete="cc-number"`,
        )}
        ${field(
          "expiry",
          "Date d'expiration (MM/AA)",
          html`placeholder="MM/AA" autocomplete="cc-exp"`,
        )}
        ${field("cvc", "Code", html`inputmode="numeric" autocomplete="cc-csc"`)}
        <button type="submit">Valider la carte</button>
      </form>
      <p><a href="${cancelUrl}">Annuler et revenir à la boutique</a></p>`,
  );
}

const CLOSED_TEXTS: Record<Exclude<CardEntryStatus, "open">, { title: string; text: string }> = {
  complete: {
    title: "Carte déjà enregistrée",
    text: "Votre carte titres-restaurant est déjà enregistrée pour cette commande.",
  },
  spent: {
    title: "Carte déjà enregistrée",
    text: "Votre carte titres-restaurant a déjà été prise en compte par la boutique.",
  },
  expired: {
    title: "Page expirée",
    text: "Cette page de saisie a expiré : elle est valable 30 minutes. Revenez à la boutique pour saisir à nouveau votre carte titres-restaurant.",
  },
};

/** An entry that takes no more card: what became of it, and the way back to the shop. */
export function closedEntryPage(status: Exclude<CardEntryStatus, "open">, returnUrl: string) {
  const { title, text } = CLOSED_TEXTS[status];
  return layout(
    title,
    html`<h1>${title}</h1>
      <p>${text}</p>
      <p><a href="${returnUrl}">Revenir à la boutique</a></p>`,
  );
}

/** No such entry. */
export function missingEntryPage() {
  return layout(
    "Page inconnue",
    html`<h1>Page inconnue</h1><p>Cette page de saisie de carte n'existe pas.</p>`,
  );
}
