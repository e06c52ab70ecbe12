/**
 * The visitor's cookie consent (the privacy centre, storefront.md §2 "cookies link opening the
 * privacy centre"): one cookie, readable by scripts, that says which purposes the visitor
 * accepted. The tag manager and any analytics load only after consent to their purpose. Nothing
 * here runs on the server: pages are shared through the page cache, so the choice is read after
 * hydration.
 */

import { cookieFrom } from "#app/lib/cookies.ts";

/** Re-exported: the browser side reads `document.cookie` with the same parser as the server. */
export { cookieFrom };

export const CONSENT_COOKIE = "comptoir_consent";
/** The choice is asked again after about six months. */
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;
/** Bumped when the purposes change, so visitors are asked again. */
export const CONSENT_VERSION = 1;

export type ConsentPurpose = "analytics" | "marketing";

/** The optional purposes the visitor chooses from, in the order the dialog lists them. */
export const CONSENT_PURPOSES: readonly {
  id: ConsentPurpose;
  title: string;
  description: string;
}[] = [
  {
    id: "analytics",
    title: "Mesure d'audience",
    description:
      "Nous aident à comprendre comment le site est utilisé (pages vues, recherches, produits consultés) pour l'améliorer.",
  },
  {
    id: "marketing",
    title: "Publicité personnalisée",
    description:
      "Permettent de vous proposer, sur d'autres sites, des offres adaptées à vos centres d'intérêt.",
  },
];

export type Consent = Record<ConsentPurpose, boolean> & {
  version: number;
  /** When the choice was made (ISO date). */
  date: string;
};

export type ConsentChoice = Record<ConsentPurpose, boolean>;

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REFUSE_ALL: ConsentChoice = { analytics: false, marketing: false };

/** The cookie's value: `v1.a1.m0.2026-11-23` — short, no characters to escape. */
export function formatConsent(choice: ConsentChoice, now = new Date()): string {
  return [
    `v${CONSENT_VERSION}`,
    `a${choice.analytics ? 1 : 0}`,
    `m${choice.marketing ? 1 : 0}`,
    now.toISOString().slice(0, 10),
  ].join(".");
}

/** The consent a cookie value holds; null when absent, malformed or of an older version. */
export function parseConsent(value: string | undefined | null): Consent | null {
  if (!value) return null;
  const match = /^v(\d+)\.a([01])\.m([01])\.(\d{4}-\d{2}-\d{2})$/.exec(value.trim());
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  return {
    version: CONSENT_VERSION,
    analytics: match[2] === "1",
    marketing: match[3] === "1",
    date: match[4] ?? "",
  };
}

/** The `document.cookie` assignment storing a choice: readable by scripts, six months. */
export function consentCookie(choice: ConsentChoice, secure: boolean, now = new Date()): string {
  const parts = [
    `${CONSENT_COOKIE}=${formatConsent(choice, now)}`,
    "Path=/",
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Whether a tag manager id is usable: GTM-XXXXXXX, nothing that could break out of a URL. */
export function isGtmId(value: string | undefined | null): value is string {
  return typeof value === "string" && /^GTM-[A-Z0-9]{4,12}$/.test(value);
}

/** The tag manager's script address for an id. */
export function gtmScriptUrl(gtmId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
}

// ---------------------------------------------------------------------------------------------
// In the browser

/** The event the footer's 'Cookies' link (or any page) dispatches to open the privacy centre. */
export const OPEN_PRIVACY_CENTRE_EVENT = "comptoir:privacy-centre";
/** The event dispatched after the visitor saves a choice. */
export const CONSENT_CHANGE_EVENT = "comptoir:consent";

/** The stored consent, or null (also on the server). */
export function readConsent(): Consent | null {
  if (typeof document === "undefined") return null;
  return parseConsent(cookieFrom(document.cookie, CONSENT_COOKIE));
}

/** Stores a choice and tells the page (the tag manager loader listens). */
export function saveConsent(choice: ConsentChoice): Consent {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = consentCookie(choice, window.location.protocol === "https:");
  const saved = readConsent() ?? { ...choice, version: CONSENT_VERSION, date: "" };
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail: saved }));
  return saved;
}

/** Opens the privacy centre (the footer's 'Cookies' link). */
export function openPrivacyCentre(): void {
  window.dispatchEvent(new Event(OPEN_PRIVACY_CENTRE_EVENT));
}
