import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { FilterSelect } from "#app/components/admin/filter-form.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  findPromotion,
  formValuesFrom,
  formValuesOf,
  listPromotions,
  PROMOTION_KINDS,
  PROMOTION_MESSAGES,
  PROMOTION_STATES,
  type PromotionFieldErrors,
  type PromotionFormValues,
  type PromotionKind,
  type PromotionState,
  promotionState,
  readPromotionForm,
  savePromotion,
  setPromotionEnabled,
} from "#platform/backoffice/index.ts";
import { formatCents, formatDateTime } from "#platform/format.ts";
import type { Route } from "./+types/promotions";

/**
 * The promotions screen (operators and administrators, `promotions` permission): the grocery's
 * discount codes and the restaurant's vouchers in one list, filtered by kind and state; one
 * created or changed with the form (percent or amount, minimum order, validity dates, usage
 * limit, automatic: a voucher without its code, a grocery discount without any code, named by
 * its title), disabled or enabled from its row. Every change is in the
 * change log (`discount-code` and `voucher` subjects), in the transaction that makes it.
 */

export const meta: Route.MetaFunction = () => [{ title: "Promotions — Administration Comptoir" }];

const SCREEN = "/middleware/promotions/";

const isKind = (value: string | null): value is PromotionKind =>
  value === "code" || value === "voucher";
const isState = (value: string | null): value is PromotionState =>
  value !== null && Object.hasOwn(PROMOTION_STATES, value);

/** `code-12`, `voucher-3` → the promotion it names. */
function parseTarget(text: string | null): { kind: PromotionKind; id: number } | null {
  const match = /^(code|voucher)-([1-9]\d{0,9})$/.exec(text ?? "");
  if (!match || !isKind(match[1] ?? null)) return null;
  return { kind: match[1] as PromotionKind, id: Number(match[2]) };
}

const EMPTY_FORM: PromotionFormValues = {
  kind: "code",
  code: "",
  title: "",
  type: "percentage",
  value: "",
  minimum: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  automatic: false,
  delivery: true,
  pickup: true,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(serverContext);
  const url = new URL(request.url);
  const kind = url.searchParams.get("type");
  const state = url.searchParams.get("etat");
  const filter = {
    ...(isKind(kind) ? { kind } : {}),
    ...(isState(state) ? { state } : {}),
  };
  const now = new Date();
  const promotions = await listPromotions(database.db, env.ORDERING_WHITE_LABEL, filter, now);
  const target = parseTarget(url.searchParams.get("modifier"));
  const editing = target
    ? await findPromotion(database.db, env.ORDERING_WHITE_LABEL, target.kind, target.id)
    : undefined;
  return {
    filter: { kind: filter.kind ?? "", state: filter.state ?? "" },
    saved: url.searchParams.get("enregistre"),
    editing: editing
      ? {
          target: `${editing.kind}-${editing.id}`,
          name: editing.name,
          uses: editing.uses,
          values: formValuesOf(editing),
        }
      : null,
    promotions: promotions.map((promotion) => ({
      key: `${promotion.kind}-${promotion.id}`,
      kind: promotion.kind,
      code: promotion.code,
      name: promotion.name,
      automatic: promotion.automatic,
      title: promotion.title,
      value:
        promotion.type === "percentage" ? `${promotion.value} %` : formatCents(promotion.value),
      conditions: conditionsText(promotion),
      startsAt: promotion.startsAt ? formatDateTime(promotion.startsAt) : null,
      endsAt: promotion.endsAt ? formatDateTime(promotion.endsAt) : null,
      uses: promotion.uses,
      usageLimit: promotion.usageLimit,
      enabled: promotion.enabled,
      state: promotionState(promotion, now),
    })),
  };
}

function conditionsText(promotion: {
  kind: PromotionKind;
  minimumCents: number;
  automatic: boolean;
  forDelivery: boolean;
  forPickup: boolean;
}): string {
  const parts = [
    promotion.minimumCents > 0 ? `dès ${formatCents(promotion.minimumCents)}` : "sans minimum",
  ];
  if (promotion.kind === "voucher" && !(promotion.forDelivery && promotion.forPickup)) {
    parts.push(promotion.forDelivery ? "livraison seulement" : "retrait seulement");
  }
  parts.push(promotion.automatic ? "automatique" : "avec le code");
  return parts.join(", ");
}

type ActionResult =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      errors?: PromotionFieldErrors;
      values?: PromotionFormValues;
      target?: string;
    };

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ActionResult | Response> {
  const form = await readStaffForm(request, context);
  const { database, env } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const whiteLabel = env.ORDERING_WHITE_LABEL;
  const intent = form.get("intent");
  const target = parseTarget(String(form.get("target") ?? ""));

  if (intent === "disable" || intent === "enable") {
    if (!target) return { ok: false, message: PROMOTION_MESSAGES.notFound };
    const changed = await setPromotionEnabled(
      database.db,
      staff,
      whiteLabel,
      target,
      intent === "enable",
    );
    if (!changed) return { ok: false, message: PROMOTION_MESSAGES.notFound };
    return {
      ok: true,
      message: changed.enabled
        ? `La promotion « ${changed.name} » est réactivée.`
        : `La promotion « ${changed.name} » est désactivée.`,
    };
  }
  if (intent !== "save") return { ok: false, message: "Formulaire invalide." };

  const values = formValuesFrom(form);
  // An edit keeps its kind: a code does not become a voucher.
  if (target) values.kind = target.kind;
  const withValues = { values, ...(target ? { target: `${target.kind}-${target.id}` } : {}) };
  const read = readPromotionForm(values);
  if (!read.ok) {
    return {
      ok: false,
      message: "La promotion n'est pas enregistrée : corrigez le formulaire.",
      errors: read.errors,
      ...withValues,
    };
  }
  const saved = await savePromotion(
    database.db,
    staff,
    whiteLabel,
    read.input,
    target?.id,
    new Date(),
  );
  if (!saved.ok) {
    return {
      ok: false,
      message: saved.message ?? "La promotion n'est pas enregistrée : corrigez le formulaire.",
      errors: saved.errors,
      ...withValues,
    };
  }
  return redirect(`${SCREEN}?enregistre=${encodeURIComponent(saved.promotion.name)}`);
}

export default function PromotionsScreen() {
  const { filter, saved, editing, promotions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const values = failed?.values ?? editing?.values ?? EMPTY_FORM;
  const target = failed?.values ? failed.target : editing?.target;
  const errors = failed?.errors ?? {};
  return (
    <>
      <h1>Promotions</h1>
      {saved && !result && (
        <div className="admin-alert admin-alert--success" role="status">
          <p>{`La promotion « ${saved} » est enregistrée.`}</p>
        </div>
      )}
      {result && <ActionAlert result={result} />}

      <Form
        method="get"
        className="admin-card admin-inline-form"
        aria-label="Filtrer les promotions"
      >
        <FilterSelect name="type" label="Type" value={filter.kind} options={PROMOTION_KINDS} />
        <FilterSelect name="etat" label="État" value={filter.state} options={PROMOTION_STATES} />
        <button type="submit" className="admin-button">
          Filtrer
        </button>
      </Form>

      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption>Codes de l'épicerie et bons de la restauration</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Type</th>
              <th scope="col">Remise</th>
              <th scope="col">Conditions</th>
              <th scope="col">Validité</th>
              <th scope="col">Utilisations</th>
              <th scope="col">État</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {promotions.length === 0 && (
              <tr>
                <td colSpan={8}>Aucune promotion.</td>
              </tr>
            )}
            {promotions.map((promotion) => (
              <tr key={promotion.key}>
                <th scope="row">
                  {promotion.automatic && promotion.kind === "code" ? (
                    <>
                      {promotion.title}
                      <br />
                      <small>Remise automatique, sans code</small>
                    </>
                  ) : (
                    <>
                      {promotion.code}
                      <br />
                      <small>{promotion.title}</small>
                    </>
                  )}
                </th>
                <td>{PROMOTION_KINDS[promotion.kind]}</td>
                <td>{promotion.value}</td>
                <td>{promotion.conditions}</td>
                <td>
                  {promotion.startsAt ? `du ${promotion.startsAt}` : "dès maintenant"}
                  <br />
                  {promotion.endsAt ? `au ${promotion.endsAt}` : "sans fin"}
                </td>
                <td>
                  {promotion.usageLimit === null
                    ? `${promotion.uses} (illimité)`
                    : `${promotion.uses} / ${promotion.usageLimit}`}
                </td>
                <td>{PROMOTION_STATES[promotion.state]}</td>
                <td>
                  <Link to={`${SCREEN}?modifier=${promotion.key}`} className="admin-button">
                    {`Modifier ${promotion.name}`}
                  </Link>
                  <Form method="post" className="admin-inline-form">
                    <CsrfField />
                    <input type="hidden" name="target" value={promotion.key} />
                    <button
                      type="submit"
                      name="intent"
                      value={promotion.enabled ? "disable" : "enable"}
                      className="admin-button"
                    >
                      {promotion.enabled
                        ? `Désactiver ${promotion.name}`
                        : `Réactiver ${promotion.name}`}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="admin-card" aria-labelledby="promotion-form">
        <h2 id="promotion-form">
          {target
            ? `Modifier la promotion ${editing?.target === target ? editing.name : values.code || values.title}`
            : "Nouvelle promotion"}
        </h2>
        {target && editing && editing.target === target && (
          <p>{`Déjà utilisée ${editing.uses} fois.`}</p>
        )}
        <Form method="post" key={target ?? "new"}>
          <CsrfField />
          <input type="hidden" name="intent" value="save" />
          {target && <input type="hidden" name="target" value={target} />}
          <fieldset className="admin-checks" disabled={Boolean(target)}>
            <legend>Type de promotion</legend>
            <label className="admin-check">
              <input
                type="radio"
                name="kind"
                value="code"
                defaultChecked={values.kind === "code"}
              />{" "}
              Code de réduction de l'épicerie (panier)
            </label>
            <label className="admin-check">
              <input
                type="radio"
                name="kind"
                value="voucher"
                defaultChecked={values.kind === "voucher"}
              />{" "}
              Bon de réduction de la restauration (commande en ligne)
            </label>
            {errors.kind && <p className="admin-field__error">{errors.kind}</p>}
          </fieldset>
          <fieldset className="admin-checks">
            <legend>Application</legend>
            <label className="admin-check">
              <input type="checkbox" name="automatic" defaultChecked={values.automatic} />{" "}
              Automatique : appliquée sans que le client saisisse de code, quand ses conditions sont
              remplies
            </label>
            <p className="admin-field__hint">
              Épicerie : sans code, le libellé est affiché au client dans son panier ; une remise
              automatique ne se cumule pas avec un code promo (le code l'emporte). Restauration : un
              montant seulement.
            </p>
            {errors.automatic && <p className="admin-field__error">{errors.automatic}</p>}
          </fieldset>
          <Field
            name="code"
            label="Code"
            defaultValue={values.code}
            error={errors.code}
            hint="3 à 30 caractères : lettres sans accent, chiffres, tiret ou tiret bas. Vide pour une remise automatique de l'épicerie."
          />
          <Field
            name="title"
            label="Libellé"
            defaultValue={values.title}
            error={errors.title}
            hint="Remise automatique de l'épicerie : le titre vu par les clients, par exemple « 10 % offerts dès 80 € »."
            required
          />
          <fieldset className="admin-checks">
            <legend>Remise</legend>
            <label className="admin-check">
              <input
                type="radio"
                name="type"
                value="percentage"
                defaultChecked={values.type === "percentage"}
              />{" "}
              Pourcentage
            </label>
            <label className="admin-check">
              <input
                type="radio"
                name="type"
                value="amount"
                defaultChecked={values.type === "amount"}
              />{" "}
              Montant en euros
            </label>
            {errors.type && <p className="admin-field__error">{errors.type}</p>}
          </fieldset>
          <Field
            name="value"
            label="Valeur (% ou €)"
            defaultValue={values.value}
            error={errors.value}
            hint="Un pourcentage de 1 à 100, ou un montant, par exemple 5,00. Une promotion ne s'applique jamais aux boissons alcoolisées."
            inputMode="decimal"
            required
          />
          <Field
            name="minimum"
            label="Minimum de commande (€)"
            defaultValue={values.minimum}
            error={errors.minimum}
            hint="Vide : sans minimum. Les boissons alcoolisées ne comptent pas dans le minimum."
            inputMode="decimal"
          />
          <Field
            type="datetime-local"
            name="startsAt"
            label="Début de validité"
            defaultValue={values.startsAt}
            error={errors.startsAt}
            hint="Heure de Paris. Vide : dès maintenant."
          />
          <Field
            type="datetime-local"
            name="endsAt"
            label="Fin de validité"
            defaultValue={values.endsAt}
            error={errors.endsAt}
            hint="Heure de Paris. Vide : sans fin."
          />
          <Field
            name="usageLimit"
            label="Nombre maximal d'utilisations"
            defaultValue={values.usageLimit}
            error={errors.usageLimit}
            hint="Toutes commandes confondues. Vide : illimité."
            inputMode="numeric"
          />
          <fieldset className="admin-checks">
            <legend>Bons de la restauration</legend>
            <label className="admin-check">
              <input type="checkbox" name="delivery" defaultChecked={values.delivery} /> Valable en
              livraison
            </label>
            <label className="admin-check">
              <input type="checkbox" name="pickup" defaultChecked={values.pickup} /> Valable en
              retrait
            </label>
            {errors.modes && <p className="admin-field__error">{errors.modes}</p>}
          </fieldset>
          <button type="submit" className="admin-button admin-button--primary">
            {target ? "Enregistrer les modifications" : "Créer la promotion"}
          </button>{" "}
          {target && <Link to={SCREEN}>Annuler</Link>}
        </Form>
      </section>
    </>
  );
}
