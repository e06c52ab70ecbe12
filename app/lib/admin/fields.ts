/** Names shared by the admin area's forms (browser) and its server checks. */
export const CSRF_FIELD = "_csrf";
