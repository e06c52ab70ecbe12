import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { isAdminPath } from "./admin-guard.ts";

export type SecurityHeadersOptions = {
  /** The shop's public address: HSTS is sent only when it is https. */
  publicUrl?: string;
  /** The tag manager container: its hosts are allowed only when one is configured. */
  gtmId?: string;
  /** Development sends the policy as Report-Only: Vite's client injects unsigned scripts and styles. */
  reportOnly?: boolean;
};

/**
 * Pages that must never be framed (clickjacking): the admin area, the customer's account and
 * password links, the order and payment steps, the hosted checkout. Elsewhere a page may be framed
 * by the shop itself only.
 */
const UNFRAMEABLE_PREFIXES = ["/compte", "/account/", "/auth/", "/order", "/checkout"];

export function isUnframeablePath(path: string): boolean {
  const lower = path.toLowerCase();
  return (
    isAdminPath(path) ||
    UNFRAMEABLE_PREFIXES.some(
      (prefix) =>
        lower === prefix || lower.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
    )
  );
}

/** The hosts the tag manager loads from and reports to (Google's CSP guide for GTM and GA4). */
const TAG_MANAGER = {
  scripts: ["https://*.googletagmanager.com"],
  images: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
  ],
};

/** Headers that only mean something on a document; a JSON or script answer keeps only nosniff. */
const DOCUMENT_ONLY = [
  "Content-Security-Policy",
  "Content-Security-Policy-Report-Only",
  "Cross-Origin-Opener-Policy",
  "Cross-Origin-Resource-Policy",
  "Origin-Agent-Cluster",
  "Permissions-Policy",
  "Referrer-Policy",
  "Strict-Transport-Security",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
];

function documentHeaders(options: SecurityHeadersOptions, frameAncestors: "'none'" | "'self'") {
  const tags = options.gtmId ? TAG_MANAGER : { scripts: [], images: [], connect: [] };
  const policy = {
    defaultSrc: ["'self'"],
    // A per-request nonce on React Router's and React's inline scripts; 'strict-dynamic' lets the
    // scripts they load (route chunks, the tag manager) run, and makes CSP3 browsers ignore the
    // host list, which only older browsers read.
    scriptSrc: [NONCE, "'strict-dynamic'", "'self'", ...tags.scripts],
    // `<style>` elements (the first-paint stylesheets, the hosted checkout's) carry the nonce…
    styleSrc: ["'self'", NONCE],
    // …but a nonce cannot sign a `style="…"` attribute, and the server-rendered markup has some
    // (React style props, the gallery's positions): attributes cannot run script.
    styleSrcAttr: ["'unsafe-inline'"],
    // Product and content images are the shop's own (/cdn/images); Vite inlines small assets as
    // data: URLs; image previews in the admin area are blob: URLs; sanitised descriptions may
    // show https images.
    imgSrc: ["'self'", "data:", "blob:", "https:", ...tags.images],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...tags.connect],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: [frameAncestors],
  };
  return secureHeaders({
    ...(options.reportOnly
      ? { contentSecurityPolicyReportOnly: policy }
      : { contentSecurityPolicy: policy }),
    xFrameOptions: frameAncestors === "'none'" ? "DENY" : "SAMEORIGIN",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: options.publicUrl?.startsWith("https:") ?? false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      browsingTopics: [],
      payment: ["self"],
    },
    // A handler that chose a stricter value keeps it (the hosted checkout's no-referrer).
    overwrite: false,
  });
}

/**
 * The headers of an HTML page (issue 16), through Hono's secure-headers: a CSP with a nonce made
 * for this request (`c.get("secureHeadersNonce")`, set before the page renders), framing
 * refused on the sensitive pages and allowed to the shop elsewhere, nosniff, the referrer policy,
 * a permissions policy and, on https, HSTS. An answer that is not HTML (React Router's `.data`
 * and JSON resource routes) goes out with nosniff only.
 *
 * Mounted inside the page cache, so a stored page keeps the CSP whose nonce is in its bytes: a
 * hit replays both (docs/security.md says why a replayed nonce is acceptable).
 */
export function pageSecurityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  const unframeable = documentHeaders(options, "'none'");
  const sameOrigin = documentHeaders(options, "'self'");
  return async (c, next) => {
    const headers = isUnframeablePath(c.req.path) ? unframeable : sameOrigin;
    await headers(c, next);
    if (!c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      for (const name of DOCUMENT_ONLY) c.res.headers.delete(name);
    }
  };
}

/** What every answer gets, APIs and files included: no content-type sniffing. */
export function baseSecurityHeaders(): MiddlewareHandler {
  return secureHeaders({
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    permissionsPolicy: {},
  });
}
