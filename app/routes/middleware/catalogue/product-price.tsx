import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import {
  filterValuesOf,
  ProductFilterFields,
} from "#app/components/admin/product-filter-fields.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { formatCents } from "#app/lib/format.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  applyBulkPrices,
  PRICE_OPERATIONS,
  productFilterParams,
  readPriceOperation,
  readProductFilter,
} from "#platform/backoffice/index.ts";
import {
  catalogueChoices,
  MAX_BULK_PRODUCTS,
  type PricePlan,
  previewPriceChange,
  SelectionTooLargeError,
  samePrices,
} from "#platform/commerce/index.ts";
import type { Route } from "./+types/product-price";

export const meta: Route.MetaFunction = () => [
  { title: "Prix en masse — Administration Comptoir" },
];

const number = new Intl.NumberFormat("fr-FR");

function tooLarge(count: number) {
  return `La sélection compte ${number.format(count)} produits : affinez-la (${number.format(MAX_BULK_PRODUCTS)} au plus).`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const filter = readProductFilter(params);
  const operation = readPriceOperation(params);
  const choices = await catalogueChoices(database.db);
  let preview: PricePlan | null = null;
  let problem: string | null = operation && !operation.ok ? operation.message : null;
  if (operation?.ok) {
    try {
      preview = await previewPriceChange(database.db, filter, operation.operation);
    } catch (error) {
      if (!(error instanceof SelectionTooLargeError)) throw error;
      problem = tooLarge(error.productCount);
    }
  }
  const applied = params.get("applique");
  return {
    choices: { collections: choices.collections, brands: choices.brands },
    values: filterValuesOf(params),
    operation: params.get("operation") ?? "",
    value: params.get("valeur") ?? "",
    filterQuery: productFilterParams(filter).toString(),
    preview,
    problem,
    applied:
      applied === null
        ? null
        : { products: Number(applied), variants: Number(params.get("variantes")) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database, pageCache } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const filter = readProductFilter(form);
  const operation = readPriceOperation(form);
  if (!operation?.ok) {
    return data({ message: operation?.message ?? "Choisissez une opération." }, { status: 400 });
  }
  try {
    const done = await applyBulkPrices(database.db, staff, filter, operation.operation);
    for (const handle of done.handles) pageCache.purge(`/p/${handle}/`);
    const params = productFilterParams(filter);
    params.set("applique", String(done.handles.length));
    params.set("variantes", String(done.variants));
    throw redirect(`/middleware/product-price/?${params}`);
  } catch (error) {
    if (!(error instanceof SelectionTooLargeError)) throw error;
    return data({ message: tooLarge(error.productCount) }, { status: 400 });
  }
}

function Prices({
  priceCents,
  compareAtPriceCents,
}: {
  priceCents: number;
  compareAtPriceCents: number | null;
}) {
  return (
    <>
      {formatCents(priceCents)}
      {compareAtPriceCents !== null && (
        <>
          {" "}
          <span className="admin-visually-hidden">prix barré</span>
          <s>{formatCents(compareAtPriceCents)}</s>
        </>
      )}
    </>
  );
}

function Preview({ preview, hidden }: { preview: PricePlan; hidden: Record<string, string> }) {
  const changed = preview.lines.filter((line) => !samePrices(line.before, line.after));
  return (
    <section className="admin-card" aria-labelledby="preview-title">
      <h2 id="preview-title">Aperçu</h2>
      <p>
        {`${number.format(preview.productCount)} produit(s) sélectionné(s), ${number.format(changed.length)} prix modifié(s). Rien n'est encore enregistré.`}
      </p>
      {changed.length > 0 && (
        <Form method="post" className="admin-actions">
          <CsrfField />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="admin-button admin-button--primary">
            {`Appliquer à ${number.format(changed.length)} prix`}
          </button>
        </Form>
      )}
      <div className="admin-table-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col">Variante</th>
              <th scope="col">Avant</th>
              <th scope="col">Après</th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line) => {
              const same = samePrices(line.before, line.after);
              return (
                <tr key={line.variantId} className={same ? "admin-row--unchanged" : undefined}>
                  <td>
                    <Link to={`/middleware/products/${line.handle}/`}>{line.title}</Link>
                  </td>
                  <td>
                    {line.variantTitle === "Default Title" ? "—" : line.variantTitle}
                    {line.perKg && (
                      <small className="admin-field__hint">
                        {` au kilo : ${formatCents(line.perKg.before)}`}
                        {line.perKg.after !== line.perKg.before &&
                          ` → ${formatCents(line.perKg.after)}`}
                      </small>
                    )}
                  </td>
                  <td className="admin-number">
                    <Prices {...line.before} />
                  </td>
                  <td className="admin-number">{same ? "inchangé" : <Prices {...line.after} />}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function ProductPriceScreen() {
  const { choices, values, operation, value, filterQuery, preview, problem, applied } =
    useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const hidden: Record<string, string> = {
    ...Object.fromEntries(new URLSearchParams(filterQuery)),
    operation,
    valeur: value,
  };
  return (
    <>
      <h1>Prix en masse</h1>
      {applied && (
        <p className="admin-alert admin-alert--success" role="status">
          {`Modifications enregistrées : ${number.format(applied.variants)} prix sur ${number.format(applied.products)} produit(s).`}
        </p>
      )}
      {(refused?.message ?? problem) && (
        <p className="admin-alert admin-alert--error" role="alert">
          {refused?.message ?? problem}
        </p>
      )}
      <Form method="get" className="admin-card" aria-label="Sélection et opération">
        <h2>1. Sélection des produits</h2>
        <ProductFilterFields values={values} choices={choices} />
        <h2>2. Opération</h2>
        <div className="admin-inline-form">
          <div className="admin-field">
            <label htmlFor="f-operation">Opération</label>
            <select id="f-operation" name="operation" defaultValue={operation} required>
              <option value="">Choisir…</option>
              {Object.entries(PRICE_OPERATIONS).map(([name, label]) => (
                <option key={name} value={name}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="f-valeur">Valeur</label>
            <input
              id="f-valeur"
              name="valeur"
              inputMode="decimal"
              defaultValue={value}
              aria-describedby="f-valeur-hint"
            />
            <small id="f-valeur-hint" className="admin-field__hint">
              Par exemple 12,50 (€), -10 (%), 2 (€). Les prix ne descendent jamais sous 0,01 € ; un
              prix barré n'est gardé que s'il reste supérieur au prix.
            </small>
          </div>
          <button type="submit" className="admin-button admin-button--primary">
            Voir l'aperçu
          </button>
        </div>
      </Form>
      {preview && <Preview preview={preview} hidden={hidden} />}
    </>
  );
}
