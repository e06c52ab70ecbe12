/** What can go wrong when serving or storing an image, and the HTTP status each one means. */
export type ImageErrorCode =
  | "INVALID_PATH"
  | "INVALID_PARAMETER"
  | "INVALID_ORIGINAL"
  | "NOT_FOUND"
  | "UNRENDERABLE";

export const IMAGE_ERROR_STATUS = {
  INVALID_PATH: 400,
  INVALID_PARAMETER: 400,
  INVALID_ORIGINAL: 400,
  NOT_FOUND: 404,
  UNRENDERABLE: 500,
} as const satisfies Record<ImageErrorCode, number>;

export class ImageError extends Error {
  readonly code: ImageErrorCode;

  constructor(code: ImageErrorCode, message: string) {
    super(message);
    this.name = "ImageError";
    this.code = code;
  }
}
