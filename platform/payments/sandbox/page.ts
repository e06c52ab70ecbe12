import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { formatCents } from "#platform/format.ts";
import { providerPageLayout } from "#platform/payments/page-layout.ts";
import type { StripeObject } from "./store.ts";

/**
 * The test provider's hosted payment page, in French: the provider's page, not the shop's (it
 * carries no shop style and no shop script). The card fields are posted to the provider only,
 * read, and forgotten: nothing of them is stored or logged.
 */

/** The shopper's message for each refusal the page shows. */
export const PAGE_MESSAGES = {
  invalid_number: "Le numéro de carte est invalide.",
  invalid_expiry: "La date d'expiration est dépassée ou invalide.",
  invalid_cvc: "Le code de sécurité (CVC) est invalide.",
  card_declined: "Votre carte a été refusée. Essayez une autre carte.",
  authentication_failed:
    "L'authentification 3-D Secure a échoué. Réessayez ou utilisez une autre carte.",
} as const;
export type PageMessage = keyof typeof PAGE_MESSAGES;

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1a1f36;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin-top:0}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #8792a2;border-radius:.3rem}
button{margin-top:1.25rem;width:100%;padding:.75rem;font-size:1rem;border:0;border-radius:.3rem;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #8792a2}
.error{color:#b3093c;font-weight:600}.lines{padding:0;list-style:none}.lines li{display:flex;justify-content:space-between}
.note{font-size:.85rem;color:#545969}`;

function layout(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return providerPageLayout(title, STYLE, body);
}

function amount(session: StripeObject): string {
  const total = session.amount_total;
  return typeof total === "number" ? formatCents(total) : "";
}

/** The card form, with the session's lines and total, and the refusal of the last attempt. */
export function paymentPage(
  session: StripeObject,
  lines: StripeObject[],
  action: string,
  message: PageMessage | null,
) {
  const setup = session.mode === "setup";
  return layout(
    setup ? "Enregistrer une carte" : "Paiement sécurisé",
    html`<h1>${setup ? "Enregistrer une carte" : "Paiement sécurisé"}</h1>
      <p class="note">Page de paiement du prestataire de test : aucun paiement réel.</p>
      ${
        setup
          ? html`<p>Votre carte sera enregistrée pour vos prochaines commandes.</p>`
          : html`<ul class="lines">
              ${lines.map(
                (line) =>
                  html`<li><span>${line.quantity} × ${line.description}</span><span>${formatCents(line.amount_total as number)}</span></li>`,
              )}
            </ul>
            <p><strong>Total : ${amount(session)}</strong></p>`
      }
      ${message ? html`<p class="error" role="alert">${PAGE_MESSAGES[message]}</p>` : ""}
      <form method="post" action="${action}" autocomplete="off">
        <label for="number">Numéro de carte</label>
        <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required />
        <label for="expiry">Date d'expiration (MM/AA)</label>
        <input id="expiry" name="expiry" placeholder="MM/AA" autocomplete="cc-exp" required />
        <label for="cvc">CVC</label>
        <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required />
        <button type="submit">${setup ? "Enregistrer la carte" : `Payer ${amount(session)}`}</button>
      </form>
      ${
        session.cancel_url
          ? html`<p><a href="${session.cancel_url as string}">Annuler et revenir à la boutique</a></p>`
          : ""
      }`,
  );
}

/** The 3-D Secure challenge the test cards 4000 0027 6000 3184 and 4000 0082 6000 3178 ask for. */
export function challengePage(action: string) {
  return layout(
    "Authentification 3-D Secure",
    html`<h1>Authentification 3-D Secure</h1>
      <p>Votre banque vous demande de confirmer ce paiement (page de test).</p>
      <form method="post" action="${action}">
        <button type="submit" name="result" value="pass">Valider</button>
        <button type="submit" name="result" value="fail" class="secondary">Échouer</button>
      </form>`,
  );
}

/** A session that can no longer be paid. */
export function closedPage(status: string) {
  const text =
    status === "complete"
      ? "Ce paiement a déjà été effectué."
      : "Cette session de paiement a expiré. Revenez à la boutique pour recommencer.";
  return layout("Paiement indisponible", html`<h1>Paiement indisponible</h1><p>${text}</p>`);
}

/** No such session. */
export function missingPage() {
  return layout(
    "Session inconnue",
    html`<h1>Session inconnue</h1><p>Cette session de paiement n'existe pas.</p>`,
  );
}
