import { openPrivacyCentre } from "#app/lib/privacy/consent.ts";

/** The cookies page: where the link leads before hydration (or without JavaScript). */
export const COOKIES_PAGE = "/cms/cookies/";

/**
 * The footer's 'Cookies' link: opens the privacy centre; a plain link to the cookies page until
 * the page is hydrated.
 */
export function CookiesLink() {
  return (
    <a
      href={COOKIES_PAGE}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openPrivacyCentre();
      }}
    >
      Cookies
    </a>
  );
}
