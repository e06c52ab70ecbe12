import { isRouteErrorResponse } from "react-router";

/** Texts of the error page, as the specification gives them (storefront.md §2, §8). */
export const NOT_FOUND_MESSAGE = "This page could not be found";
export const NESTED_ERROR_MESSAGE = "An error occurred while showing the error page";
export const DEFAULT_TOAST_ERROR = "Oops...Something went wrong";
export const HOME_BUTTON_LABEL = "Retour à la page d'accueil";
export const HELP_LINK_LABEL = "Besoin d'aide ?";
const GENERIC_TITLE = "Une erreur est survenue";

export type ErrorDetails = { statusCode: number; title: string };

/**
 * What the error page shows for anything a route threw. A thrown `Response` gives its status and
 * its text; an unexpected `Error` shows its message only when `exposeMessages` (development), so
 * no stack trace or internal detail reaches a shopper in production.
 */
export function describeError(error: unknown, exposeMessages: boolean): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const statusCode = error.status || 500;
    if (statusCode === 404) return { statusCode, title: NOT_FOUND_MESSAGE };
    const text = typeof error.data === "string" ? error.data.trim() : "";
    return { statusCode, title: text || error.statusText || GENERIC_TITLE };
  }
  if (error instanceof Error && exposeMessages && error.message) {
    return { statusCode: 500, title: error.message };
  }
  return { statusCode: 500, title: GENERIC_TITLE };
}
