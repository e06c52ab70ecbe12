import { randomBytes } from "node:crypto";

/** Contentful's ids: 1 to 64 letters, digits, dots, dashes and underscores. */
export const CONTENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A 22-character base-62 id, like the ones Contentful generates. */
export function newContentId(): string {
  return Array.from(randomBytes(22), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export const isContentId = (id: string) => CONTENT_ID_PATTERN.test(id);
