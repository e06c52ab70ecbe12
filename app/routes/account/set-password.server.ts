import { data, redirect } from "react-router";
import { type AccessToken, recover } from "#app/lib/account/account.server.ts";
import type { Result } from "#app/lib/account/customer-api.server.ts";
import { customerTokenCookie } from "#app/lib/account/customer-session.server.ts";
import { ACCOUNT_MESSAGES } from "#app/lib/account/messages.ts";

/**
 * The actions of the activation and reset pages (account-activate.tsx, auth-reset.tsx). With the
 * link's token in the URL, the form sets the password. Without it (`/account/activate/`,
 * `/auth/reset/`, the spec's optional segments), the page offers two forms by `intent`: `link`,
 * the email's whole link pasted with the password, and `new-link`, a new link sent by email.
 */

/** What the page shows again: the form's messages and what was typed (never the passwords). */
export type SetPasswordAnswer = {
  intent: "link" | "new-link";
  errors: Record<string, string>;
  values: { link: string; email: string };
  notice: string | null;
};

function answer(
  intent: SetPasswordAnswer["intent"],
  form: FormData,
  errors: Record<string, string>,
  notice: string | null = null,
): SetPasswordAnswer {
  const text = (name: string) => String(form.get(name) ?? "");
  return { intent, errors, values: { link: text("link"), email: text("email") }, notice };
}

/** The two passwords must match; `submit` sends the new one; success signs the customer in. */
async function setPassword(
  request: Request,
  form: FormData,
  submit: (password: string) => Promise<Result<AccessToken>>,
  successPath: string,
) {
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("confirmation") ?? "")) {
    return data(answer("link", form, { confirmation: ACCOUNT_MESSAGES.passwordsDiffer }), {
      status: 400,
    });
  }
  const result = await submit(password);
  if (!result.ok) return data(answer("link", form, result.errors), { status: 400 });
  throw redirect(successPath, {
    headers: { "Set-Cookie": customerTokenCookie(request, result.value.accessToken) },
  });
}

export async function setPasswordAction(
  request: Request,
  options: {
    /** The link's token when the URL has one. */
    token: string | undefined;
    /** With the token: sets the password. */
    withToken: (token: string, password: string) => Promise<Result<AccessToken>>;
    /** Without it: the pasted link and the password. */
    withLink: (link: string, password: string) => Promise<Result<AccessToken>>;
    buyerIp?: string;
    successPath: string;
  },
) {
  const form = await request.formData();
  const { token } = options;
  if (token) {
    return setPassword(
      request,
      form,
      (password) => options.withToken(token, password),
      options.successPath,
    );
  }
  if (form.get("intent") === "new-link") {
    const email = String(form.get("email") ?? "");
    const result = await recover(email, options.buyerIp);
    if (!result.ok) return data(answer("new-link", form, result.errors), { status: 400 });
    return data(answer("new-link", form, {}, ACCOUNT_MESSAGES.newLinkSent));
  }
  const link = String(form.get("link") ?? "");
  return setPassword(
    request,
    form,
    (password) => options.withLink(link, password),
    options.successPath,
  );
}
