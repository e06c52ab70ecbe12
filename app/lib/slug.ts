/**
 * URL slugs as the shop writes them (storefront.md §5): lowercase, accents removed, spaces to
 * dashes, `&` spelt `-and-`, other symbols dropped. French elisions (`d'olive`) and dashes keep
 * their words apart, so "Huile d'olive" gives `huile-d-olive`, not `huile-dolive`.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/&/g, " and ")
    .replace(/['’‘`´_/\\\s-]+/g, " ")
    .replace(/[^a-z0-9 ]/g, "")
    .trim()
    .replace(/ +/g, "-");
}
