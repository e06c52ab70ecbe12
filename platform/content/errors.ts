/** Contentful's error ids that the delivery and management APIs answer, with their HTTP status. */
export const CONTENT_ERROR_STATUS = {
  BadRequest: 400,
  InvalidQuery: 400,
  AccessTokenInvalid: 401,
  NotFound: 404,
  VersionMismatch: 409,
  ValidationFailed: 422,
  UnresolvedLinks: 422,
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

/**
 * One error of a `ValidationFailed` or `UnresolvedLinks` answer, as Contentful words it: `name`
 * says which rule (`required`, `size`, `unique`, `linkContentType`, `notResolvable`…), `path`
 * where (`["fields", fieldId, locale, index?]`), `details` why, in English; the rule's own
 * properties (`max`, `expected`, `conflicting`, `link`…) come beside.
 */
export type FieldError = {
  name: string;
  path: (string | number)[];
  details: string;
  value?: unknown;
  [property: string]: unknown;
};

export function validationFailed(message: string, errors: FieldError[]): ContentError {
  return new ContentError("ValidationFailed", message, { errors });
}

export function versionMismatch(): ContentError {
  return new ContentError(
    "VersionMismatch",
    "The version you sent (X-Contentful-Version) is not the current one.",
  );
}

export function notFound(type: string, id: string | undefined): ContentError {
  return new ContentError("NotFound", "The resource could not be found.", { type, id });
}

export function badRequest(message: string): ContentError {
  return new ContentError("BadRequest", message);
}

/**
 * The errors of a `ValidationFailed` or `UnresolvedLinks` error by field id (its `path[1]`),
 * for a screen that shows each one next to its field; errors of no field under `""`.
 */
export function errorsByField(error: ContentError): Record<string, FieldError[]> {
  const errors = (error.details as { errors?: FieldError[] } | undefined)?.errors ?? [];
  const byField: Record<string, FieldError[]> = {};
  for (const one of errors) {
    const field = one.path?.[0] === "fields" && typeof one.path[1] === "string" ? one.path[1] : "";
    const list = byField[field] ?? [];
    list.push(one);
    byField[field] = list;
  }
  return byField;
}
