import { describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentCookie,
  cookieFrom,
  formatConsent,
  gtmScriptUrl,
  isGtmId,
  parseConsent,
  REFUSE_ALL,
} from "./consent.ts";

const day = new Date("2026-11-23T10:00:00Z");

describe("consent cookie", () => {
  it("round-trips a choice", () => {
    const value = formatConsent({ analytics: true, marketing: false }, day);
    expect(value).toBe("v1.a1.m0.2026-11-23");
    expect(parseConsent(value)).toEqual({
      version: 1,
      analytics: true,
      marketing: false,
      date: "2026-11-23",
    });
    expect(parseConsent(formatConsent(ACCEPT_ALL, day))).toMatchObject(ACCEPT_ALL);
    expect(parseConsent(formatConsent(REFUSE_ALL, day))).toMatchObject(REFUSE_ALL);
  });

  it("asks again for a missing, malformed or older-version value", () => {
    expect(parseConsent(undefined)).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent("yes")).toBeNull();
    expect(parseConsent("v0.a1.m1.2026-01-01")).toBeNull();
    expect(parseConsent("v1.a2.m1.2026-01-01")).toBeNull();
  });

  it("is readable by scripts, lives about six months, secure over HTTPS", () => {
    const cookie = consentCookie(ACCEPT_ALL, false, day);
    expect(cookie).toBe(
      `${CONSENT_COOKIE}=v1.a1.m1.2026-11-23; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax`,
    );
    expect(cookie).not.toContain("HttpOnly");
    expect(CONSENT_MAX_AGE_SECONDS / 86_400).toBeGreaterThanOrEqual(180);
    expect(CONSENT_MAX_AGE_SECONDS / 86_400).toBeLessThanOrEqual(186);
    expect(consentCookie(REFUSE_ALL, true, day)).toMatch(/; Secure$/);
  });

  it("finds the cookie among others", () => {
    expect(cookieFrom("a=1; comptoir_consent=v1.a0.m0.2026-11-23; b=2", CONSENT_COOKIE)).toBe(
      "v1.a0.m0.2026-11-23",
    );
    expect(cookieFrom("xcomptoir_consent=1", CONSENT_COOKIE)).toBeUndefined();
  });
});

describe("tag manager id", () => {
  it("accepts container ids only", () => {
    expect(isGtmId("GTM-AB12CD3")).toBe(true);
    expect(isGtmId("GTM-ab12")).toBe(false);
    expect(isGtmId("GTM-AB12CD3&x=<script>")).toBe(false);
    expect(isGtmId(null)).toBe(false);
    expect(gtmScriptUrl("GTM-AB12CD3")).toBe(
      "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3",
    );
  });
});
