import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { CSRF_FIELD } from "#app/lib/admin/fields.ts";
import { isHttps, readCookie, serializeCookie } from "#app/lib/cookies.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { serverContext } from "#app/lib/server-context.ts";
import type { Database } from "#db/client.ts";
import {
  can,
  csrfTokenFor,
  isValidCsrf,
  type Permission,
  permissionForPath,
  ROLE_LABELS,
  SESSION_HOURS,
  type Staff,
  signIn,
  signOut,
  staffForSession,
} from "#platform/backoffice/index.ts";
import { limiterStore, RateLimiter } from "#platform/rate-limit.ts";

/**
 * The admin area's sign-in: a session cookie (httpOnly, SameSite=Strict) naming a session row,
 * a CSRF token on every form, and attempts limited per email and per address.
 */
export const ADMIN_SESSION_COOKIE = "comptoir_admin";
export const LOGIN_PATH = "/middleware/login/";

type Context = Readonly<RouterContextProvider>;

export type StaffSession = { staff: Staff; csrfToken: string; token: string };

/** Set by the admin layout's middleware for every screen behind it. */
export const staffContext = createContext<StaffSession>();

const FIFTEEN_MINUTES = 15 * 60_000;

/** Sign-in failures per email and per address, counted in the shop's store (`limiterStore`). */
export type AdminSignInLimits = { byEmail: RateLimiter; byAddress: RateLimiter };

const adminLimits = new WeakMap<Database, AdminSignInLimits>();

/** The admin sign-in limits of `database`: made once per database, shared by every instance. */
export function adminSignInLimits(database: Database): AdminSignInLimits {
  let limits = adminLimits.get(database);
  if (!limits) {
    const store = limiterStore(database);
    const rule = (name: string, limit: number) =>
      new RateLimiter({ name: `admin-sign-in:${name}`, limit, windowMs: FIFTEEN_MINUTES, store });
    limits = { byEmail: rule("email", 5), byAddress: rule("address", 20) };
    adminLimits.set(database, limits);
  }
  return limits;
}

const DASHBOARD_PATH = "/middleware/dashboard/";

/** Where a sign-in may send the browser back to: only admin paths of this site. */
export function safeNext(next: string | null | undefined): string {
  const path = safeRedirectPath(next, DASHBOARD_PATH);
  return path.startsWith("/middleware/") ? path : DASHBOARD_PATH;
}

/** Screens behind the layout need a signed-in staff member; others go to the sign-in page. */
export const requireStaff: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { database } = context.get(serverContext);
  const token = readCookie(request, ADMIN_SESSION_COOKIE);
  const staff = token ? await staffForSession(database.db, token, new Date()) : null;
  if (!token || !staff) {
    const url = new URL(request.url);
    throw redirect(`${LOGIN_PATH}?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  context.set(staffContext, { staff, token, csrfToken: csrfTokenFor(token) });
};

/**
 * After `requireStaff`: the screen of the request must be one the staff member's role opens
 * (platform/backoffice/roles.ts); otherwise 403 and nothing is read or changed. Covers loaders,
 * actions and client navigations' data requests alike.
 */
export const requireScreenPermission: MiddlewareFunction<Response> = ({ request, context }) => {
  const { staff } = context.get(staffContext);
  requirePermission(staff, permissionForPath(new URL(request.url).pathname));
};

/** Throws 403 unless `staff`'s role grants `permission` (for actions beyond their screen's). */
export function requirePermission(staff: Staff, permission: Permission): void {
  if (can(staff.role, permission)) return;
  throw new Response(
    `Accès refusé : votre rôle (${ROLE_LABELS[staff.role]}) ne permet pas cette action.`,
    { status: 403 },
  );
}

/**
 * The form of an admin action, once its CSRF token is checked (403 otherwise, nothing done).
 * Only for screens behind `requireStaff`.
 */
export async function readStaffForm(request: Request, context: Context): Promise<FormData> {
  const { token } = context.get(staffContext);
  const form = await request.formData();
  if (!isValidCsrf(token, form.get(CSRF_FIELD))) {
    throw new Response("Formulaire expiré : rechargez la page et recommencez.", { status: 403 });
  }
  return form;
}

export type SignInResult =
  | { ok: true; headers: Headers }
  | { ok: false; message: string; status: 400 | 401 | 429 };

/** Checks the sign-in form (limits first), opens a session and gives the cookie to set. */
export async function signInStaff(
  request: Request,
  context: Context,
  input: { email: string; password: string },
): Promise<SignInResult> {
  const { database, clientIp } = context.get(serverContext);
  const email = input.email.trim().toLowerCase();
  if (!email || !input.password) {
    return {
      ok: false,
      status: 400,
      message: "Saisissez votre adresse e-mail et votre mot de passe.",
    };
  }
  // Only failures count: a busy office signing in all morning is not an attack.
  const emailKey = `email:${email}`;
  const addressKey = `ip:${clientIp ?? "unknown"}`;
  const attempts = adminSignInLimits(database);
  if (
    (await attempts.byEmail.isBlocked(emailKey)) ||
    (await attempts.byAddress.isBlocked(addressKey))
  ) {
    return {
      ok: false,
      status: 429,
      message: "Trop de tentatives de connexion. Réessayez dans quelques minutes.",
    };
  }
  const session = await signIn(database.db, { email, password: input.password }, new Date());
  if (!session) {
    await attempts.byEmail.hit(emailKey);
    await attempts.byAddress.hit(addressKey);
    return { ok: false, status: 401, message: "Adresse e-mail ou mot de passe incorrect." };
  }
  await attempts.byEmail.reset(emailKey);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(ADMIN_SESSION_COOKIE, session.token, {
      maxAgeSeconds: SESSION_HOURS * 3600,
      sameSite: "Strict",
      secure: isHttps(request),
    }),
  );
  return { ok: true, headers };
}

/** Ends the session of the request and gives the cookie deletion to send. */
export async function signOutStaff(request: Request, context: Context): Promise<Headers> {
  const { database } = context.get(serverContext);
  const token = readCookie(request, ADMIN_SESSION_COOKIE);
  if (token) await signOut(database.db, token);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(ADMIN_SESSION_COOKIE, "", {
      maxAgeSeconds: 0,
      sameSite: "Strict",
      secure: isHttps(request),
    }),
  );
  return headers;
}
