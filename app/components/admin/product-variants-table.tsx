import { Field } from "#app/components/admin/field.tsx";
import { eurosText } from "#platform/backoffice/index.ts";
// React Router's generated types resolve by a relative path only (tsconfig's rootDirs).
import type { Route } from "../../routes/middleware/catalogue/+types/products.$slug";

type Variant = Route.ComponentProps["loaderData"]["product"]["variants"][number];

/** A variant's stock as its field shows it: empty when the stock is not counted. */
function stockText(variant: { quantityAvailable: number | null }): string {
  return variant.quantityAvailable === null ? "" : String(variant.quantityAvailable);
}

/**
 * The product form's variants, one row each: price, compare-at price, SKU, barcode, stock and
 * availability, as fields `variant.{index}.…` of the form around it. The stock as shown goes
 * along (`stockShown`), so that a save writes the stock only when it was changed here.
 */
export function ProductVariantsTable({
  variants,
  soldByWeight,
  value,
  checked,
  errors,
}: {
  variants: readonly Variant[];
  /** Sold by weight: each price follows from the price per kilo and is not typed. */
  soldByWeight: boolean;
  /** A field's value, and a box's state: as just submitted when the form was refused. */
  value: (name: string, current: string) => string;
  checked: (name: string, current: boolean) => boolean;
  errors: Record<string, string>;
}) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table admin-table--form">
        <thead>
          <tr>
            <th scope="col">Variante</th>
            <th scope="col">Prix (€)</th>
            <th scope="col">Prix barré (€)</th>
            <th scope="col">SKU</th>
            <th scope="col">Code-barres</th>
            <th scope="col">Stock</th>
            <th scope="col">Disponible</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((variant, index) => {
            const prefix = `variant.${index}`;
            const name = variant.title === "Default Title" ? "Unique" : variant.title;
            return (
              <tr key={variant.id}>
                <th scope="row">{name}</th>
                <td>
                  <Field
                    name={`${prefix}.price`}
                    label={`Prix de ${name}`}
                    inputMode="decimal"
                    defaultValue={value(`${prefix}.price`, eurosText(variant.priceCents))}
                    error={errors[`${prefix}.price`]}
                    hint={soldByWeight ? "Calculé depuis le prix au kilo." : undefined}
                    readOnly={soldByWeight}
                    required
                  />
                </td>
                <td>
                  <Field
                    name={`${prefix}.compareAt`}
                    label={`Prix barré de ${name}`}
                    inputMode="decimal"
                    defaultValue={value(
                      `${prefix}.compareAt`,
                      eurosText(variant.compareAtPriceCents),
                    )}
                    error={errors[`${prefix}.compareAt`]}
                  />
                </td>
                <td>
                  <Field
                    name={`${prefix}.sku`}
                    label={`SKU de ${name}`}
                    defaultValue={value(`${prefix}.sku`, variant.sku ?? "")}
                    error={errors[`${prefix}.sku`]}
                  />
                </td>
                <td>
                  <Field
                    name={`${prefix}.barcode`}
                    label={`Code-barres de ${name}`}
                    inputMode="numeric"
                    defaultValue={value(`${prefix}.barcode`, variant.barcode ?? "")}
                    error={errors[`${prefix}.barcode`]}
                  />
                </td>
                <td>
                  <Field
                    name={`${prefix}.stock`}
                    label={`Stock de ${name}`}
                    inputMode="numeric"
                    hint="Vide : non compté."
                    defaultValue={value(`${prefix}.stock`, stockText(variant))}
                    error={errors[`${prefix}.stock`]}
                  />
                  <input type="hidden" name={`${prefix}.stockShown`} value={stockText(variant)} />
                </td>
                <td>
                  <label className="admin-check">
                    <input
                      type="checkbox"
                      name={`${prefix}.available`}
                      defaultChecked={checked(`${prefix}.available`, variant.availableForSale)}
                    />
                    <span>{`${name} disponible`}</span>
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
