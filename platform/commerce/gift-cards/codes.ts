import { createHash, randomInt } from "node:crypto";

/**
 * Gift card codes. A code is a bearer credential, like a password: the shop keeps only its
 * SHA-256 (`codeHash`) and its last four characters, and shows the whole code once, when the
 * office issues the card. Codes are read as Shopify reads them: case, spaces and dashes do not
 * count, so `abcd-efgh jkmn pqrs` is `ABCDEFGHJKMNPQRS`.
 */

/** Letters and digits a shopper cannot misread: no 0/O, 1/I/L. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Generated codes: 16 characters, shown in groups of four. */
export const GIFT_CARD_CODE_LENGTH = 16;

/** A code the office types itself: 8 to 20 letters or digits, as Shopify allows. */
export const GIFT_CARD_CODE_MIN = 8;
export const GIFT_CARD_CODE_MAX = 20;

/** The code as it is compared: upper-cased, without spaces or dashes. */
export function normaliseGiftCardCode(code: string): string {
  return code.replace(/[\s-]+/g, "").toUpperCase();
}

/** Whether a normalised code has a gift card code's shape (8–20 letters or digits). */
export function isGiftCardCodeShape(normalised: string): boolean {
  return new RegExp(`^[A-Z0-9]{${GIFT_CARD_CODE_MIN},${GIFT_CARD_CODE_MAX}}$`).test(normalised);
}

/** What the shop keeps of a code: its SHA-256, hex. */
export function giftCardCodeHash(code: string): string {
  return createHash("sha256").update(normaliseGiftCardCode(code)).digest("hex");
}

/** The last four characters (Shopify's `AppliedGiftCard.lastCharacters`). */
export function giftCardLastCharacters(code: string): string {
  return normaliseGiftCardCode(code).slice(-4);
}

/** A new random code, 16 characters from an unambiguous alphabet (~79 bits). */
export function generateGiftCardCode(): string {
  let code = "";
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A code in groups of four, as printed on the card: `ABCD-EFGH-JKMN-PQRS`. */
export function formatGiftCardCode(code: string): string {
  return (normaliseGiftCardCode(code).match(/.{1,4}/g) ?? []).join("-");
}

/** How the shop names a card without revealing it: `•••• PQRS`. */
export function maskedGiftCardCode(lastCharacters: string): string {
  return `•••• ${lastCharacters}`;
}
