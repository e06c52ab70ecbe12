/** Contentful's error ids that the delivery and management APIs answer, with their HTTP status. */
export const CONTENT_ERROR_STATUS = {
  BadRequest: 400,
  InvalidQuery: 400,
  AccessTokenInvalid: 401,
  NotFound: 404,
  VersionMismatch: 409,
  ValidationFailed: 422,
} as const;

export type ContentErrorId = keyof typeof CONTENT_ERROR_STATUS;

/** A request the content service refuses; `http.ts` answers it in Contentful's error shape. */
export class ContentError extends Error {
  readonly id: ContentErrorId;
  readonly details: unknown;
  constructor(id: ContentErrorId, message: string, details: unknown = {}) {
    super(message);
    this.name = "ContentError";
    this.id = id;
    this.details = details;
  }
}

export const invalidQuery = (message: string, details: unknown = {}) =>
  new ContentError("InvalidQuery", message, details);
