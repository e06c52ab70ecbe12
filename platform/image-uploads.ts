/**
 * The rules of an image upload wherever staff send one (the catalogue's image library, the
 * content's media and the entry editor's picker) and their French messages, in one place. Pure,
 * so that a screen can refuse an oversized file in the browser before sending it; the server
 * checks everything again on the bytes (`uploadImage`, platform/commerce/images/library.ts).
 */

/** Uploads above this size are refused (a product photo needs far less). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Sides above this are refused: a decompression bomb fits in a few kilobytes. */
export const MAX_UPLOAD_SIDE = 8000;

/** The `accept` of an upload's file input: the types the server recognises by their bytes. */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp";
/** The label of an upload's file input. */
export const UPLOAD_LABEL = "Image (JPEG, PNG ou WebP, 5 Mo au plus)";

export type UploadRefusalCode =
  | "too_large"
  | "empty"
  | "svg"
  | "type"
  | "unreadable"
  | "dimensions";

export const UPLOAD_MESSAGES: Record<UploadRefusalCode, string> = {
  empty: "Le fichier est vide.",
  too_large: "Le fichier dépasse 5 Mo : réduisez l'image avant de l'envoyer.",
  svg: "Les images SVG ne sont pas acceptées (elles peuvent contenir du code) : envoyez un PNG ou un JPEG.",
  type: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
  unreadable: "L'image est illisible ou abîmée.",
  dimensions: `L'image dépasse ${MAX_UPLOAD_SIDE} pixels de côté.`,
};

/** A form sent without a file. */
export const NO_FILE_MESSAGE = "Choisissez une image à envoyer.";

/**
 * What can be told of a file before it is sent: too large or empty. Its type is not judged here:
 * a browser guesses it from the name, the server reads it from the bytes.
 */
export function uploadSizeProblem(size: number): string | null {
  if (size === 0) return UPLOAD_MESSAGES.empty;
  if (size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.too_large;
  return null;
}
