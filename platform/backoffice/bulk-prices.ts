import type { Db } from "#db/client.ts";
import { PRICE_OPERATIONS, type PriceOperationName } from "#platform/backoffice/prices.ts";
import { formatPrice, parseEuros } from "#platform/backoffice/product-edits.ts";
import { recordChange, type Staff } from "#platform/backoffice/staff.ts";
import {
  type AdminProductFilter,
  applyPriceChange,
  type PriceChangeLine,
  type PriceOperation,
  samePrices,
} from "#platform/commerce/index.ts";

/**
 * The bulk price screen's server side (`product-price`): reads the operation of its form and
 * applies it to the chosen products in one transaction, with one change-log line per product.
 */

/** `-10`, `+5,5`, `12` → a number; null when it is not one. */
function parseSigned(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f€%]/g, "").replace(",", ".");
  if (!/^[+-]?\d{1,7}(?:\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}

/**
 * The operation of the bulk price form (`operation`, `valeur`), or a French message saying what
 * to fix. Without an operation: null (nothing to preview yet).
 */
export function readPriceOperation(
  params: URLSearchParams | FormData,
): { ok: true; operation: PriceOperation } | { ok: false; message: string } | null {
  const name = String(params.get("operation") ?? "");
  if (name === "") return null;
  if (!Object.hasOwn(PRICE_OPERATIONS, name)) return { ok: false, message: "Opération inconnue." };
  const raw = String(params.get("valeur") ?? "").trim();
  const value = parseSigned(raw);
  const needs = (message: string) => ({ ok: false as const, message });
  switch (name as PriceOperationName) {
    case "sans-barre":
      return { ok: true, operation: { kind: "clear-compare" } };
    case "prix": {
      const cents = parseEuros(raw);
      if (cents === null || cents < 1)
        return needs("Indiquez un prix d'au moins 0,01 €, par exemple 12,50.");
      return { ok: true, operation: { kind: "set", cents } };
    }
    case "pourcent":
      if (value === null || value === 0 || value <= -100 || value > 1000) {
        return needs("Indiquez un pourcentage, par exemple -10 ou 5 (entre -99 et 1000, sauf 0).");
      }
      return { ok: true, operation: { kind: "percent", percent: value } };
    case "montant":
      if (value === null || value === 0)
        return needs("Indiquez un montant en euros, par exemple -1,50 ou 2.");
      return { ok: true, operation: { kind: "amount", cents: Math.round(value * 100) } };
    case "promo-pourcent":
      if (value === null || value <= 0 || value >= 100) {
        return needs("Indiquez une réduction entre 1 et 99 %, par exemple 20.");
      }
      return { ok: true, operation: { kind: "promo-percent", percent: value } };
    case "promo-montant":
      if (value === null || value <= 0)
        return needs("Indiquez une réduction en euros, par exemple 2,50.");
      return { ok: true, operation: { kind: "promo-amount", cents: Math.round(value * 100) } };
  }
}

/** The prices of one product's lines as the change log names them (as `productSnapshot` does). */
function priceSnapshot(lines: readonly PriceChangeLine[], side: "before" | "after") {
  const snapshot: Record<string, string> = {};
  const perKg = lines[0]?.perKg;
  if (perKg) snapshot["Prix au kilo"] = formatPrice(perKg[side]);
  for (const line of lines) {
    const suffix = lines.length > 1 ? ` (${line.variantTitle})` : "";
    snapshot[`Prix${suffix}`] = formatPrice(line[side].priceCents);
    snapshot[`Prix barré${suffix}`] = formatPrice(line[side].compareAtPriceCents);
  }
  return snapshot;
}

/**
 * Applies a bulk price change in one transaction, with one change-log line per product changed;
 * returns the handles of the products changed and the number of variants.
 */
export async function applyBulkPrices(
  db: Db,
  staff: Staff,
  filter: AdminProductFilter,
  operation: PriceOperation,
): Promise<{ handles: string[]; variants: number }> {
  return db.transaction(async (tx) => {
    const plan = await applyPriceChange(tx, filter, operation);
    const byProduct = new Map<number, PriceChangeLine[]>();
    for (const line of plan.lines) {
      byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line]);
    }
    const handles: string[] = [];
    let variants = 0;
    for (const lines of byProduct.values()) {
      const changed = lines.filter((line) => !samePrices(line.before, line.after)).length;
      if (changed === 0) continue;
      variants += changed;
      const handle = lines[0]?.handle ?? "";
      handles.push(handle);
      await recordChange(tx, {
        staff,
        action: "prix en masse",
        subjectType: "produit",
        subjectId: handle,
        before: priceSnapshot(lines, "before"),
        after: priceSnapshot(lines, "after"),
      });
    }
    return { handles, variants };
  });
}
