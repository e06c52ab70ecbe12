/** Reading and writing cookies on web-standard requests and responses. */

/** The value of cookie `name` in a request, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? cookieFrom(header, name) : undefined;
}

/** The value of cookie `name` in a `Cookie` header or a `document.cookie` string. */
export function cookieFrom(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type CookieOptions = {
  maxAgeSeconds?: number;
  path?: string;
  httpOnly?: boolean;
  sameSite?: "Strict" | "Lax";
  secure?: boolean;
};

/** A `Set-Cookie` value; a max age of 0 deletes the cookie. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly !== false) parts.push("HttpOnly");
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** Secure cookies only where the browser reached us over HTTPS (a laptop serves plain HTTP). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
