import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";

export const SITE_ACCESS_COOKIE = "siteAccess";
/** Spec: the password cookie lives 5 days. */
export const SITE_ACCESS_MAX_AGE_SECONDS = 5 * 24 * 60 * 60;

const EXEMPT_PATHS = new Set(["/healthz", "/readyz"]);
const TOKEN_LABEL = "comptoir:site-access:v1";
const PLACEHOLDER_ORIGIN = "http://comptoir.invalid";

export type PasswordGateOptions = {
  /** The site password; the gate is off when it is unset. */
  password?: string;
  formPath?: string;
};

/**
 * The authorisation cookie's value: an HMAC keyed by the password, so it cannot be made without
 * the password, does not reveal it, and stops working when the password changes.
 */
export function accessToken(password: string): string {
  return createHmac("sha256", password).update(TOKEN_LABEL).digest("base64url");
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A redirect target on this site (the shared rule), without the `password` parameter. */
export function gateRedirectPath(target: string | null | undefined): string {
  const path = safeRedirectPath(target);
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  if (!url.searchParams.has("password")) return path;
  url.searchParams.delete("password");
  return url.pathname + url.search + url.hash;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? "",
  );

function renderForm(formPath: string, redirect: string, failed: boolean): string {
  const error = failed
    ? `<p id="password-error" class="error" role="alert">Mot de passe incorrect.</p>`
    : "";
  const invalid = failed ? ` aria-invalid="true" aria-describedby="password-error"` : "";
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Accès réservé</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f1ea;color:#2b2118;font:16px/1.5 system-ui,sans-serif}
main{width:min(22rem,90vw);padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 4px #0002}
h1{margin:0 0 1rem;font-size:1.5rem}
label{display:block;margin-bottom:.25rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #8a7a6a;border-radius:.25rem;font:inherit}
input:focus,button:focus{outline:3px solid #b5651d;outline-offset:2px}
button{margin-top:1rem;width:100%;padding:.6rem;border:0;border-radius:.25rem;background:#2b2118;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.error{margin:.5rem 0 0;color:#a4161a;font-weight:600}
</style>
</head>
<body>
<main>
<h1>Accès réservé</h1>
<form method="post" action="${escapeHtml(formPath)}">
<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
<label for="password">Mot de passe</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${invalid}>
${error}
<button type="submit">Entrer</button>
</form>
</main>
</body>
</html>
`;
}

const FORM_HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

/**
 * Spec: while a site password is set, a visitor without a valid cookie is sent to the form with the
 * page they asked for; the right password, posted or as `?password=` on any URL, sets the cookie.
 */
export function passwordGate(options: PasswordGateOptions): MiddlewareHandler {
  const { password, formPath = "/password/" } = options;
  if (!password) return (_c, next) => next();
  const token = accessToken(password);
  // Hashing the guess first gives equal-length inputs to the constant-time comparison.
  const isPassword = (guess: unknown) =>
    typeof guess === "string" && sameToken(accessToken(guess), token);

  const grant = (c: Context, location: string, status: 302 | 303) => {
    setCookie(c, SITE_ACCESS_COOKIE, token, {
      maxAge: SITE_ACCESS_MAX_AGE_SECONDS,
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: new URL(c.req.url).protocol === "https:",
    });
    return c.redirect(location, status);
  };

  return async (c, next) => {
    const url = new URL(c.req.url);
    const path = url.pathname;
    if (EXEMPT_PATHS.has(path)) return next();
    const isRead = c.req.method === "GET" || c.req.method === "HEAD";
    const onForm = path === formPath;

    if (isRead && isPassword(url.searchParams.get("password"))) {
      const target = onForm ? url.searchParams.get("redirect") : path + url.search;
      return grant(c, gateRedirectPath(target), 302);
    }

    const authorised = sameToken(getCookie(c, SITE_ACCESS_COOKIE) ?? "", token);
    if (onForm && c.req.method === "POST") {
      const body = await c.req.parseBody();
      const redirect = gateRedirectPath(typeof body.redirect === "string" ? body.redirect : "/");
      if (isPassword(body.password)) return grant(c, redirect, 303);
      return c.html(renderForm(formPath, redirect, true), 401, FORM_HEADERS);
    }
    if (onForm && isRead) {
      const redirect = gateRedirectPath(url.searchParams.get("redirect"));
      if (authorised) return c.redirect(redirect, 302);
      return c.html(renderForm(formPath, redirect, false), 200, FORM_HEADERS);
    }
    if (onForm) return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD, POST" });

    if (authorised) return next();
    // After a POST there is no page to come back to.
    const previous = isRead ? path + url.search : "/";
    return c.redirect(`${formPath}?redirect=${encodeURIComponent(previous)}`, 302);
  };
}
