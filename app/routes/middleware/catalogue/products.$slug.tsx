import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field, FieldError, fieldId } from "#app/components/admin/field.tsx";
import { ProductVariantsTable } from "#app/components/admin/product-variants-table.tsx";
import { UnitPriceFields } from "#app/components/admin/unit-price-fields.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { formatCents } from "#app/lib/format.ts";
import { serverContext } from "#app/lib/server-context.ts";
import type { Db } from "#db/client.ts";
import {
  computedUnitPrice,
  eurosText,
  LIST_FIELDS,
  OTHER_FIELD_LABELS,
  PRODUCT_SAVED,
  type ProductActionResult,
  relatedHandlesText,
  runProductAction,
  saveProductForm,
  TEXT_FIELD_GROUPS,
  VAT_CHOICES,
} from "#platform/backoffice/index.ts";
import {
  CONTROLLED_TAGS,
  catalogueChoices,
  type EditableProduct,
  listLibrary,
  readEditableProduct,
} from "#platform/commerce/index.ts";
import { parsePricePerKg } from "#platform/sold-by-weight.ts";
import type { Route } from "./+types/products.$slug";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.product.title ?? "Produit"} — Administration Comptoir` },
];

async function productOr404(db: Db, handle: string | undefined): Promise<EditableProduct> {
  const product = handle ? await readEditableProduct(db, { handle }) : null;
  if (!product) throw new Response("Produit introuvable", { status: 404 });
  return product;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const product = await productOr404(database.db, params.slug);
  const [choices, related, library] = await Promise.all([
    catalogueChoices(database.db),
    relatedHandlesText(database.db, product),
    listLibrary(database.db, { page: 1 }),
  ]);
  return {
    product,
    unitPrice: computedUnitPrice(product),
    related,
    choices,
    recentImages: library.images.map((image) => image.path),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database, pageCache } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const product = await productOr404(database.db, params.slug);
  const intent = String(form.get("intent") ?? "save");
  const result: ProductActionResult =
    intent === "save"
      ? await saveProductForm(database.db, staff, product.id, form).then((saved) =>
          saved.ok
            ? { ok: true, message: PRODUCT_SAVED }
            : {
                ok: false,
                message: saved.message,
                errors: saved.errors,
                submitted: submittedValues(form),
              },
        )
      : await runProductAction(database.db, staff, product, intent, form);
  // The product page shows the change at once, not after its cache entry expires.
  if (result.ok) pageCache.purge(`/p/${product.handle}/`);
  return data(result, { status: result.ok ? 200 : 400 });
}

/** What the staff typed, given back to the form when it is refused (works without JavaScript). */
function submittedValues(form: FormData): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === "_csrf") continue;
    values[name] = [...(values[name] ?? []), value];
  }
  return values;
}

export default function ProductScreen() {
  const { product, unitPrice, related, choices, recentImages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  const submitted = result?.submitted;
  const value = (name: string, current: string) => submitted?.[name]?.[0] ?? current;
  const checked = (name: string, current: boolean) =>
    submitted ? (submitted[name] ?? []).includes("on") : current;
  const chosen = (name: string, current: readonly string[]) => submitted?.[name] ?? current;
  const metafields = product.metafields as Record<string, unknown>;
  const text = (key: string) => {
    const stored = metafields[key];
    return stored === undefined || stored === null ? "" : String(stored);
  };
  const descriptiveTags = product.tags.filter((tag) => !CONTROLLED_TAGS.includes(tag)).join(", ");
  const soldByWeight = metafields.sold_by_weight === true;
  const perKgCents = parsePricePerKg(text("price_per_kg"));
  const typedUnitPrice = text("price_unit_override");
  return (
    <>
      <p>
        <Link to="/middleware/products/">← Tous les produits</Link>
      </p>
      <h1>{product.title}</h1>
      <p className="admin-actions">
        <a href={`/p/${product.handle}/`}>Voir la fiche sur le site</a>
        <Link to={`/middleware/products-maj-log/?sujet=${product.handle}`}>
          Historique des modifications
        </Link>
      </p>
      {result && (
        <p
          className={`admin-alert ${result.ok ? "admin-alert--success" : "admin-alert--error"}`}
          role={result.ok ? "status" : "alert"}
        >
          {result.message}
        </p>
      )}

      <section className="admin-card" aria-labelledby="state-title">
        <h2 id="state-title">État</h2>
        <p>
          {product.archived
            ? "Archivé : absent des listes, de la recherche et du flux produits."
            : "Publié."}{" "}
          {product.availableForSale ? "En vente." : "Indisponible à la vente."}
        </p>
        <div className="admin-actions">
          <Form method="post">
            <CsrfField />
            <button
              type="submit"
              name="intent"
              value={product.archived ? "unarchive" : "archive"}
              className="admin-button"
            >
              {product.archived ? "Désarchiver" : "Archiver"}
            </button>
          </Form>
          <Form method="post">
            <CsrfField />
            <button
              type="submit"
              name="intent"
              value={product.tags.includes("unavailable") ? "sale-on" : "sale-off"}
              className="admin-button"
            >
              {product.tags.includes("unavailable") ? "Remettre en vente" : "Retirer de la vente"}
            </button>
          </Form>
        </div>
      </section>

      {/* Image moves and removals: buttons inside the main form submit this one instead. */}
      <Form method="post" id="image-actions" hidden>
        <CsrfField />
      </Form>

      <Form method="post" id="product-form" className="admin-product-form" noValidate>
        <CsrfField />
        <input type="hidden" name="updatedAt" value={new Date(product.updatedAt).toISOString()} />
        {errors.form && <FieldError id="form-error" message={errors.form} />}
        <fieldset className="admin-card">
          <legend>Général</legend>
          <Field
            name="title"
            label={OTHER_FIELD_LABELS.title}
            defaultValue={value("title", product.title)}
            error={errors.title}
            required
          />
          <Field
            name="vendor"
            label={OTHER_FIELD_LABELS.vendor}
            defaultValue={value("vendor", product.vendor)}
            error={errors.vendor}
          />
          <Field
            name="productType"
            label={OTHER_FIELD_LABELS.productType}
            defaultValue={value("productType", product.productType)}
            error={errors.productType}
          />
          <Field
            name="tags"
            label={OTHER_FIELD_LABELS.tags}
            hint="Séparées par des virgules (par exemple restauration, isProvince). L'archivage et la vente se règlent plus haut."
            defaultValue={value("tags", descriptiveTags)}
            error={errors.tags}
          />
          <Field
            name="descriptionHtml"
            label={OTHER_FIELD_LABELS.descriptionHtml}
            multiline
            rows={8}
            defaultValue={value("descriptionHtml", product.descriptionHtml)}
            error={errors.descriptionHtml}
          />
        </fieldset>

        <fieldset className="admin-card">
          <legend>Référencement</legend>
          <Field
            name="seoTitle"
            label={OTHER_FIELD_LABELS.seoTitle}
            hint="Laissez vide pour reprendre le titre."
            defaultValue={value("seoTitle", product.seoTitle ?? "")}
            error={errors.seoTitle}
          />
          <Field
            name="seoDescription"
            label={OTHER_FIELD_LABELS.seoDescription}
            multiline
            rows={3}
            hint="Environ 156 caractères ; vide : tirée de la description."
            defaultValue={value("seoDescription", product.seoDescription ?? "")}
            error={errors.seoDescription}
          />
        </fieldset>

        <fieldset className="admin-card">
          <legend>Variantes et prix</legend>
          <div className="admin-grid">
            <div className="admin-field">
              <label className="admin-check">
                <input
                  type="checkbox"
                  name="mf.sold_by_weight"
                  defaultChecked={checked("mf.sold_by_weight", soldByWeight)}
                  aria-invalid={errors["mf.sold_by_weight"] ? true : undefined}
                  aria-describedby={[
                    `${fieldId("mf.sold_by_weight")}-hint`,
                    errors["mf.sold_by_weight"] ? `${fieldId("mf.sold_by_weight")}-error` : "",
                  ]
                    .filter(Boolean)
                    .join(" ")}
                />
                <span>{OTHER_FIELD_LABELS.sold_by_weight}</span>
              </label>
              <small id={`${fieldId("mf.sold_by_weight")}-hint`} className="admin-field__hint">
                À la coupe : les variantes sont des poids (250 g, 500 g, 1 kg…) au même prix au kilo
                ; le prix de chaque poids en découle, arrondi au centime, et le prix à l'unité
                affiché est ce prix au kilo.
              </small>
              {errors["mf.sold_by_weight"] && (
                <FieldError
                  id={`${fieldId("mf.sold_by_weight")}-error`}
                  message={errors["mf.sold_by_weight"]}
                />
              )}
            </div>
            <Field
              name="mf.price_per_kg"
              label={OTHER_FIELD_LABELS.price_per_kg}
              inputMode="decimal"
              hint="Pour un produit vendu au poids, par exemple 34,00."
              defaultValue={value("mf.price_per_kg", eurosText(perKgCents))}
              error={errors["mf.price_per_kg"]}
            />
          </div>
          <ProductVariantsTable
            variants={product.variants}
            soldByWeight={soldByWeight}
            value={value}
            checked={checked}
            errors={errors}
          />
          <UnitPriceFields
            computed={unitPrice}
            typed={typedUnitPrice}
            typedReason={text("price_unit_override_reason")}
            manual={checked("mf.price_unit_manual", typedUnitPrice !== "")}
            override={value("mf.price_unit_override", typedUnitPrice)}
            reason={value("mf.price_unit_override_reason", text("price_unit_override_reason"))}
            errors={errors}
          />
        </fieldset>

        <fieldset className="admin-card">
          <legend>Marque et classement</legend>
          <div className="admin-field">
            <label htmlFor={fieldId("mf.marque")}>{OTHER_FIELD_LABELS.marque}</label>
            <select
              id={fieldId("mf.marque")}
              name="mf.marque"
              defaultValue={value("mf.marque", text("marque"))}
              aria-invalid={errors["mf.marque"] ? true : undefined}
            >
              <option value="">Aucune</option>
              {choices.brands.map((brand) => (
                <option key={brand.gid} value={brand.gid}>
                  {brand.label}
                </option>
              ))}
            </select>
            {errors["mf.marque"] && (
              <FieldError id={`${fieldId("mf.marque")}-error`} message={errors["mf.marque"]} />
            )}
          </div>
          {LIST_FIELDS.map((field) => {
            const current = (metafields[field.key] ?? []) as string[];
            const selected = chosen(`mf.${field.key}`, current);
            return (
              <fieldset key={field.key} className="admin-checks">
                <legend>{field.label}</legend>
                {choices[field.choices].map((choice) => (
                  <label key={choice.gid} className="admin-check">
                    <input
                      type="checkbox"
                      name={`mf.${field.key}`}
                      value={choice.gid}
                      defaultChecked={selected.includes(choice.gid)}
                    />
                    <span>{choice.label}</span>
                  </label>
                ))}
                {errors[`mf.${field.key}`] && (
                  <FieldError
                    id={`${fieldId(`mf.${field.key}`)}-error`}
                    message={errors[`mf.${field.key}`] ?? ""}
                  />
                )}
              </fieldset>
            );
          })}
          <Field
            name="mf.produit_associe"
            label={OTHER_FIELD_LABELS.produit_associe}
            hint="Identifiants (handles) des produits, un par ligne, dix au plus."
            multiline
            rows={4}
            defaultValue={value("mf.produit_associe", related)}
            error={errors["mf.produit_associe"]}
          />
          <label className="admin-check">
            <input
              type="checkbox"
              name="mf.hideInSearch"
              defaultChecked={checked("mf.hideInSearch", metafields.hideInSearch === true)}
            />
            <span>{OTHER_FIELD_LABELS.hideInSearch}</span>
          </label>
        </fieldset>

        {TEXT_FIELD_GROUPS.map((group) => (
          <fieldset key={group.title} className="admin-card">
            <legend>{group.title}</legend>
            <div className="admin-grid">
              {group.fields.map((field) => (
                <Field
                  key={field.key}
                  name={`mf.${field.key}`}
                  label={field.label}
                  hint={field.hint}
                  multiline={field.multiline}
                  defaultValue={value(`mf.${field.key}`, text(field.key))}
                  error={errors[`mf.${field.key}`]}
                />
              ))}
              {group.title === "Vente" && (
                <div className="admin-field">
                  <label htmlFor={fieldId("mf.vat_rate")}>{OTHER_FIELD_LABELS.vat_rate}</label>
                  <select
                    id={fieldId("mf.vat_rate")}
                    name="mf.vat_rate"
                    defaultValue={value("mf.vat_rate", text("vat_rate") || "5.5")}
                    aria-invalid={errors["mf.vat_rate"] ? true : undefined}
                    aria-describedby={`${fieldId("mf.vat_rate")}-hint`}
                  >
                    {VAT_CHOICES.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                  <small id={`${fieldId("mf.vat_rate")}-hint`} className="admin-field__hint">
                    5,5 % pour l'alimentation, 10 % pour les plats préparés du traiteur, 20 % pour
                    l'alcool, la confiserie, le caviar et le non-alimentaire.
                  </small>
                  {errors["mf.vat_rate"] && (
                    <FieldError
                      id={`${fieldId("mf.vat_rate")}-error`}
                      message={errors["mf.vat_rate"]}
                    />
                  )}
                </div>
              )}
              {group.title === "Vente" && (
                <Field
                  name="mf.max_quantity"
                  label={OTHER_FIELD_LABELS.max_quantity}
                  inputMode="numeric"
                  hint="Vide : pas de limite."
                  defaultValue={value("mf.max_quantity", text("max_quantity"))}
                  error={errors["mf.max_quantity"]}
                />
              )}
            </div>
          </fieldset>
        ))}

        <fieldset className="admin-card">
          <legend>Images</legend>
          {product.images.length === 0 ? (
            <p>Aucune image.</p>
          ) : (
            <ol className="admin-images">
              {product.images.map((image, index) => (
                <li key={image.id}>
                  <img
                    src={`${image.url}?height=450`}
                    alt={image.altText ?? ""}
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                  <Field
                    name={`image.${index}.alt`}
                    label={`Texte alternatif de l'image ${index + 1}`}
                    defaultValue={value(`image.${index}.alt`, image.altText ?? "")}
                    error={errors[`image.${index}.alt`]}
                  />
                  <div className="admin-actions">
                    {index > 0 && (
                      <button
                        type="submit"
                        form="image-actions"
                        name="intent"
                        value={`image-up:${index + 1}`}
                        className="admin-button"
                        aria-label={`Monter l'image ${index + 1}`}
                      >
                        ↑
                      </button>
                    )}
                    {index < product.images.length - 1 && (
                      <button
                        type="submit"
                        form="image-actions"
                        name="intent"
                        value={`image-down:${index + 1}`}
                        className="admin-button"
                        aria-label={`Descendre l'image ${index + 1}`}
                      >
                        ↓
                      </button>
                    )}
                    <button
                      type="submit"
                      form="image-actions"
                      name="intent"
                      value={`image-remove:${index + 1}`}
                      className="admin-button"
                      aria-label={`Retirer l'image ${index + 1}`}
                    >
                      Retirer
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </fieldset>

        <div className="admin-savebar">
          <button
            type="submit"
            name="intent"
            value="save"
            className="admin-button admin-button--primary"
          >
            Enregistrer
          </button>
          <span>
            {`Prix actuel : ${formatCents(product.variants[0]?.priceCents ?? 0)}`}
            {product.collections.length > 0 &&
              ` · Collections : ${product.collections.map((c) => c.title).join(", ")}`}
          </span>
        </div>
      </Form>

      <section className="admin-card" aria-labelledby="add-image-title">
        <h2 id="add-image-title">Ajouter une image</h2>
        <Form method="post" className="admin-inline-form">
          <CsrfField />
          <input type="hidden" name="intent" value="image-add" />
          <div className="admin-field">
            <label htmlFor="f-add-path">Image de la bibliothèque</label>
            <input
              id="f-add-path"
              name="path"
              list="recent-images"
              required
              placeholder="uploads/miel-3fa2c9d1.jpg"
            />
            <datalist id="recent-images">
              {recentImages.map((path) => (
                <option key={path} value={path} />
              ))}
            </datalist>
          </div>
          <div className="admin-field">
            <label htmlFor="f-add-alt">Texte alternatif</label>
            <input id="f-add-alt" name="alt" />
          </div>
          <button type="submit" className="admin-button">
            Ajouter l'image
          </button>
          <Link to="/middleware/images/">Envoyer une nouvelle image</Link>
        </Form>
      </section>
    </>
  );
}
