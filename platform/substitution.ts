/**
 * Whether the shop may replace a product missing at preparation by a close substitute (issue 23):
 * the shopper's choice per grocery line, as French drives offer it. It is a cart line attribute,
 * so any Storefront API client sets it (`cartLinesUpdate` with `attributes`) and reads it
 * (`CartLine.attributes`, then `OrderLineItem.customAttributes`, copied with the line when the
 * order is placed); the storefront's cart, the order pages and the preparation sheet read it here.
 *
 * Accepting is the default, as at most French drives: only a refusal is written
 * (`substitution: refused`), so a line added by any client without attributes accepts, and a
 * line that goes back to accepting loses the attribute and merges again with plain adds of its
 * variant.
 */

export const SUBSTITUTION_ATTRIBUTE = "substitution";
export const SUBSTITUTION_REFUSED = "refused";

/** How the shop says it, on the order pages, the back office and the preparation sheet. */
export const SUBSTITUTION_LABELS = {
  accepted: "Remplacement accepté",
  refused: "Pas de remplacement",
} as const;

type Attribute = { key: string; value?: string | null };

/** Whether a line's attributes accept a substitute: yes unless they say `refused`. */
export function substitutionAccepted(attributes: readonly Attribute[]): boolean {
  return (
    attributes.find((attribute) => attribute.key === SUBSTITUTION_ATTRIBUTE)?.value?.trim() !==
    SUBSTITUTION_REFUSED
  );
}

/** A line's attributes with its substitution choice replaced (written only for a refusal). */
export function withSubstitution(
  attributes: readonly { key: string; value: string }[],
  accepted: boolean,
): { key: string; value: string }[] {
  return [
    ...attributes.filter((attribute) => attribute.key !== SUBSTITUTION_ATTRIBUTE),
    ...(accepted ? [] : [{ key: SUBSTITUTION_ATTRIBUTE, value: SUBSTITUTION_REFUSED }]),
  ];
}

/** The label of a line's choice. */
export function substitutionLabel(attributes: readonly Attribute[]): string {
  return substitutionAccepted(attributes)
    ? SUBSTITUTION_LABELS.accepted
    : SUBSTITUTION_LABELS.refused;
}
