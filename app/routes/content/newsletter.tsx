import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import newsletterStyles from "#app/styles/newsletter.css?url";
import type { Route } from "./+types/newsletter";

/**
 * The newsletter page, /newsletter/ (storefront.md §2): the form the footer keeps hidden. An
 * address is stored once (platform/notify/newsletter.ts); a repeated one is welcomed again.
 */
export const handle: PageTypeHandle = { pageType: "newsletter" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: newsletterStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Newsletter | Comptoir",
    description:
      "Recevez les nouveautés, les produits de saison et les temps forts du Comptoir, épicerie fine parisienne, dans votre boîte aux lettres électronique.",
    canonical: loaderData?.canonical ?? "/newsletter/",
  });

/** The specification's messages (storefront.md §8) and the form's own. */
export const NEWSLETTER_MESSAGES = {
  invalid: "Veuillez saisir une adresse email valide, par exemple nom@exemple.fr.",
  failed: "Une erreur s'est produite",
  offline: "Votre email n'a pas pu être ajouté. La connexion est manquante.",
  tooMany: "Trop de tentatives : veuillez réessayer dans quelques minutes.",
  subscribed: "Merci ! Votre adresse est bien inscrite à notre newsletter.",
  already: "Cette adresse est déjà inscrite à notre newsletter : merci de votre fidélité !",
} as const;

export function loader({ request, context }: Route.LoaderArgs) {
  return { canonical: canonicalUrl(context, "/newsletter/") };
}

type ActionResult =
  | { ok: true; message: string; email: string }
  | { ok: false; message: string; email: string; field: boolean };

/** Subscribes through the own API (`POST /api/newsletter`), as the shopper's address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { logger, clientIp } = context.get(serverContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const refused = (message: string, status: number, field = false) =>
    data<ActionResult>({ ok: false, message, email, field }, { status });
  try {
    const response = await serviceFetch("api", "/api/newsletter", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(clientIp ? { "x-forwarded-for": clientIp } : {}),
      },
      body: JSON.stringify({ email }),
    });
    if (response.status === 400) return refused(NEWSLETTER_MESSAGES.invalid, 400, true);
    if (response.status === 429) return refused(NEWSLETTER_MESSAGES.tooMany, 429);
    if (!response.ok) throw new Error(`newsletter API answered ${response.status}`);
    const { response: answer } = (await response.json()) as {
      response: { email: string; created: boolean };
    };
    return data<ActionResult>({
      ok: true,
      message: answer.created ? NEWSLETTER_MESSAGES.subscribed : NEWSLETTER_MESSAGES.already,
      email: answer.email,
    });
  } catch (error) {
    logger.error({ err: error }, "newsletter subscription failed");
    return refused(NEWSLETTER_MESSAGES.failed, 500);
  }
}

export default function NewsletterPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [offline, setOffline] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fieldError = result && !result.ok && result.field ? result.message : null;
  const formError = offline
    ? NEWSLETTER_MESSAGES.offline
    : result && !result.ok && !result.field
      ? result.message
      : null;

  // A refused address gets the focus back, with its message read out.
  useEffect(() => {
    if (fieldError) input.current?.focus();
  }, [fieldError]);

  return (
    <div className="newsletter-page">
      <h1>Newsletter</h1>
      <p className="newsletter-page__intro">
        Nouveautés, produits de saison, recettes de nos artisans et temps forts de la boutique :
        recevez le meilleur du Comptoir, une à deux fois par mois. Vous pourrez vous désinscrire à
        tout moment depuis chaque lettre.
      </p>
      {result?.ok ? (
        <p className="newsletter-page__success" role="status">
          {result.message}
        </p>
      ) : (
        <Form
          method="post"
          className="newsletter-form"
          noValidate
          aria-describedby={formError ? "newsletter-error" : undefined}
          onSubmit={(event) => {
            // Without a connection the post would fail silently: say so instead.
            if (typeof navigator !== "undefined" && navigator.onLine === false) {
              event.preventDefault();
              setOffline(true);
              return;
            }
            setOffline(false);
          }}
        >
          {formError && (
            <p id="newsletter-error" className="newsletter-form__error" role="alert">
              {formError}
            </p>
          )}
          <label htmlFor="newsletter-email" className="newsletter-form__label">
            Votre adresse email
          </label>
          <div className="newsletter-form__row">
            <input
              ref={input}
              id="newsletter-email"
              className="newsletter-form__input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={254}
              defaultValue={result?.email ?? ""}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? "newsletter-email-error" : undefined}
            />
            <button type="submit" className="newsletter-form__submit" disabled={sending}>
              {sending ? "Inscription…" : "S'inscrire"}
            </button>
          </div>
          {fieldError && (
            <p id="newsletter-email-error" className="newsletter-form__error" role="alert">
              {fieldError}
            </p>
          )}
          <p className="newsletter-form__legal">
            Votre adresse sert uniquement à l'envoi de la newsletter. Voir notre{" "}
            <a href="/cms/donnees-personnelles/">politique de données personnelles</a>.
          </p>
        </Form>
      )}
    </div>
  );
}
