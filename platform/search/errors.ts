export type SearchErrorCode = "INVALID_ARGUMENT" | "INVALID_CURSOR";

/** A search request the index cannot answer as asked; the API maps it to a client error. */
export class SearchError extends Error {
  readonly code: SearchErrorCode;
  constructor(code: SearchErrorCode, message: string) {
    super(message);
    this.name = "SearchError";
    this.code = code;
  }
}
