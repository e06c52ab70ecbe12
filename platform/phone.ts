/**
 * French phone numbers (spec §5): `+33` or `0033`, then a non-zero digit and four pairs of
 * digits, with spaces, dots or dashes between groups. The national form (`06 12 34 56 78`) is
 * accepted too, because that is how French shoppers type their number; every form is stored as
 * E.164 (`+33612345678`). A kernel file: the ordering service's sign-in and orders and the
 * commerce service's hosted checkout store phones through the same function.
 */
const FRENCH_PHONE = /^(?:\+33|0033|0)[\s.-]?([1-9](?:[\s.-]?\d{2}){4})$/;

/** The number in E.164 form, or null when it is not a French number. */
export function normalizeFrenchPhone(input: string): string | null {
  const match = FRENCH_PHONE.exec(input.trim());
  if (!match?.[1]) return null;
  return `+33${match[1].replace(/[\s.-]/g, "")}`;
}

/** `+33612345678` → `06 12 34 56 78`, for receipts and screens. */
export function formatFrenchPhone(e164: string): string {
  const national = `0${e164.slice(3)}`;
  return national.replace(/(\d{2})(?=\d)/g, "$1 ");
}
