import { Field, fieldId } from "#app/components/admin/field.tsx";
import { OTHER_FIELD_LABELS, UNIT_PRICE_MESSAGES } from "#platform/backoffice/index.ts";

/**
 * The product form's unit price (docs/unit-price.md): the figure computed from the price and the
 * net quantity, and the deliberate, flagged override with its reason.
 */
export function UnitPriceFields({
  computed,
  typed,
  typedReason,
  manual,
  override,
  reason,
  errors,
}: {
  /** The computed figure and what it is computed from; null when the quantity cannot say. */
  computed: { label: string; basis: string } | null;
  /** The stored override and its reason ("" when none). */
  typed: string;
  typedReason: string;
  /** What the form shows: the box, and the two fields (as stored, or as just submitted). */
  manual: boolean;
  override: string;
  reason: string;
  errors: Record<string, string>;
}) {
  return (
    <section className="admin-unit-price" aria-labelledby="unit-price-title">
      <h3 id="unit-price-title">Prix à l'unité</h3>
      <p id="unit-price-computed">
        {computed ? (
          <>
            Calculé : <strong>{computed.label}</strong> ({computed.basis}). Il suit chaque
            changement de prix.
          </>
        ) : (
          UNIT_PRICE_MESSAGES.notComputable
        )}
      </p>
      {typed && (
        <p role="note">
          <span className="admin-badges">
            <span className="admin-badge--off">Saisi à la main</span>
          </span>{" "}
          Le site affiche « {typed} » au lieu du prix calculé (motif : {typedReason}). Ce prix ne
          suit pas les changements de prix.
        </p>
      )}
      <div className="admin-field">
        <label className="admin-check">
          <input
            type="checkbox"
            name="mf.price_unit_manual"
            defaultChecked={manual}
            aria-describedby={`${fieldId("mf.price_unit_manual")}-hint`}
          />
          <span>{OTHER_FIELD_LABELS.price_unit_manual}</span>
        </label>
        <small id={`${fieldId("mf.price_unit_manual")}-hint`} className="admin-field__hint">
          Seulement pour un produit dont la quantité ne s'exprime pas en g, kg, cl, l ou pièces
          (vendu à la botte, au plateau…) : le prix saisi s'affiche à la place du prix calculé et ne
          suit plus les changements de prix. Décochez pour revenir au calcul.
        </small>
      </div>
      <div className="admin-grid">
        <Field
          name="mf.price_unit_override"
          label={OTHER_FIELD_LABELS.price_unit_override}
          hint="Par exemple 3,20 € / botte."
          defaultValue={override}
          error={errors["mf.price_unit_override"]}
        />
        <Field
          name="mf.price_unit_override_reason"
          label={OTHER_FIELD_LABELS.price_unit_override_reason}
          hint="Pourquoi le catalogue ne peut pas le calculer."
          defaultValue={reason}
          error={errors["mf.price_unit_override_reason"]}
        />
      </div>
    </section>
  );
}
