import { Form, Link, useActionData, useLoaderData } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { FilterSelect } from "#app/components/admin/filter-form.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  findGiftCards,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_STATUSES,
  type GiftCardFieldErrors,
  type GiftCardFormValues,
  giftCardFormValuesFrom,
  isGiftCardStatus,
  issueGiftCard,
  readGiftCardForm,
} from "#platform/backoffice/index.ts";
import { formatCents, formatDate } from "#platform/format.ts";
import type { Route } from "./+types/gift-cards";

/**
 * The gift cards screen (operators and administrators, `promotions` permission): the cards,
 * newest first, found by the last characters of their code, the whole code or a word of their
 * note, filtered by state; a card issued with the form (value, optional code, optional expiry,
 * note), its whole code shown once. Each card opens its page (movements, disable, adjust).
 */

export const meta: Route.MetaFunction = () => [
  { title: "Cartes cadeaux — Administration Comptoir" },
];

const SCREEN = "/middleware/gift-cards/";

const EMPTY_FORM: GiftCardFormValues = { value: "", code: "", expiresOn: "", note: "" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const state = url.searchParams.get("etat");
  const after = url.searchParams.get("apres") ?? "";
  const before = /^[1-9]\d{0,9}$/.test(after) ? Number(after) : undefined;
  const { cards, next } = await findGiftCards(
    database.db,
    { search, ...(isGiftCardStatus(state) ? { status: state } : {}), before },
    new Date(),
  );
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (isGiftCardStatus(state)) params.set("etat", state);
  const first = params.size > 0 ? `${SCREEN}?${params.toString()}` : SCREEN;
  if (next) params.set("apres", String(next));
  return {
    filter: { search, state: isGiftCardStatus(state) ? state : "" },
    paged: before !== undefined,
    first,
    next: next ? `${SCREEN}?${params.toString()}` : null,
    cards: cards.map((card) => ({
      id: card.id,
      masked: card.masked,
      note: card.note,
      initial: formatCents(card.initialValueCents),
      balance: formatCents(card.balanceCents),
      expiresOn: card.expiresOn ? formatDate(card.expiresOn, { weekday: false }) : null,
      issued: formatDate(card.createdAt, { weekday: false }),
      state: card.status,
    })),
  };
}

type ActionResult =
  | { ok: true; code: string; id: number; masked: string; value: string; note: string }
  | { ok: false; message: string; errors: GiftCardFieldErrors; values: GiftCardFormValues };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  const form = await readStaffForm(request, context);
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const values = giftCardFormValuesFrom(form);
  const failed = (errors: GiftCardFieldErrors): ActionResult => ({
    ok: false,
    message: "La carte cadeau n'est pas émise : corrigez le formulaire.",
    errors,
    values,
  });
  if (form.get("intent") !== "issue") return failed({});
  const now = new Date();
  const read = readGiftCardForm(values, now);
  if (!read.ok) return failed(read.errors);
  const issued = await issueGiftCard(database.db, staff, read.input, now);
  if (!issued.ok) return failed(issued.errors);
  return {
    ok: true,
    code: issued.code,
    id: issued.card.id,
    masked: issued.card.masked,
    value: formatCents(issued.card.initialValueCents),
    note: issued.card.note,
  };
}

export default function GiftCardsScreen() {
  const { filter, paged, first, next, cards } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const values = failed?.values ?? EMPTY_FORM;
  const errors = failed?.errors ?? {};
  return (
    <>
      <h1>Cartes cadeaux</h1>
      {result?.ok && (
        <section
          className="admin-alert admin-alert--success"
          role="status"
          aria-labelledby="issued-code-title"
        >
          <h2 id="issued-code-title">{`Carte cadeau de ${result.value} émise`}</h2>
          <p>
            <strong>Notez ce code : il ne sera plus affiché.</strong> La boutique n'en garde que les
            quatre derniers caractères.
          </p>
          <p>
            Code : <code data-testid="gift-card-code">{result.code}</code>
          </p>
          <p>
            {`Pour : ${result.note}. `}
            <Link to={`${SCREEN}${result.id}/`}>{`Voir la carte ${result.masked}`}</Link>
          </p>
        </section>
      )}
      {failed && (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{failed.message}</p>
        </div>
      )}

      <Form
        method="get"
        className="admin-card admin-inline-form"
        aria-label="Chercher des cartes cadeaux"
      >
        <label className="admin-field">
          <span>Code ou note</span>
          <input
            type="search"
            name="q"
            defaultValue={filter.search}
            aria-describedby="gift-card-search-hint"
          />
          <small id="gift-card-search-hint" className="admin-field__hint">
            Les 4 derniers caractères, le code entier ou un mot de la note.
          </small>
        </label>
        <FilterSelect name="etat" label="État" value={filter.state} options={GIFT_CARD_STATUSES} />
        <button type="submit" className="admin-button">
          Chercher
        </button>
      </Form>

      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption>Cartes cadeaux, les plus récentes d'abord</caption>
          <thead>
            <tr>
              <th scope="col">Carte</th>
              <th scope="col">Pour</th>
              <th scope="col">Valeur</th>
              <th scope="col">Solde</th>
              <th scope="col">Expiration</th>
              <th scope="col">Émise le</th>
              <th scope="col">État</th>
            </tr>
          </thead>
          <tbody>
            {cards.length === 0 && (
              <tr>
                <td colSpan={7}>
                  {filter.search || filter.state
                    ? "Aucune carte cadeau ne correspond."
                    : "Aucune carte cadeau."}
                </td>
              </tr>
            )}
            {cards.map((card) => (
              <tr key={card.id}>
                <th scope="row">
                  <Link to={`${SCREEN}${card.id}/`}>{card.masked}</Link>
                </th>
                <td>{card.note}</td>
                <td className="admin-number">{card.initial}</td>
                <td className="admin-number">{card.balance}</td>
                <td>{card.expiresOn ? `jusqu'au ${card.expiresOn}` : "sans fin"}</td>
                <td>{card.issued}</td>
                <td>{GIFT_CARD_STATUSES[card.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(paged || next) && (
        <p className="admin-pagination">
          {paged && <Link to={first}>Les plus récentes</Link>}
          {next && <Link to={next}>Cartes plus anciennes</Link>}
        </p>
      )}

      <section className="admin-card" aria-labelledby="gift-card-form">
        <h2 id="gift-card-form">Émettre une carte cadeau</h2>
        <Form method="post" key={result?.ok ? result.id : "new"}>
          <CsrfField />
          <input type="hidden" name="intent" value="issue" />
          <Field
            name="value"
            label="Montant (€)"
            defaultValue={values.value}
            error={errors.value}
            hint={`De ${formatCents(GIFT_CARD_MIN_CENTS)} à ${formatCents(GIFT_CARD_MAX_CENTS)}, par exemple 50,00.`}
            inputMode="decimal"
            required
          />
          <Field
            name="note"
            label="Pour"
            defaultValue={values.note}
            error={errors.note}
            hint="Pour qui est la carte, ou pourquoi elle est émise (200 caractères au plus)."
            required
          />
          <Field
            name="code"
            label="Code (facultatif)"
            defaultValue={values.code}
            error={errors.code}
            hint="Vide : un code de 16 caractères est généré. Sinon 8 à 20 lettres sans accent ou chiffres."
          />
          <Field
            type="date"
            name="expiresOn"
            label="Dernier jour d'utilisation (facultatif)"
            defaultValue={values.expiresOn}
            error={errors.expiresOn}
            hint="Heure de Paris. Vide : sans fin. Une carte cadeau est souvent valable un an."
          />
          <button type="submit" className="admin-button admin-button--primary">
            Émettre la carte
          </button>
        </Form>
      </section>
    </>
  );
}
