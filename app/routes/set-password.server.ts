import { data, redirect } from "react-router";
import type { AccessToken } from "#app/lib/account.server.ts";
import { ACCOUNT_MESSAGES } from "#app/lib/account-messages.ts";
import type { Result } from "#app/lib/customer-api.server.ts";
import { customerTokenCookie } from "#app/lib/customer-session.server.ts";

/**
 * The action of the activation and reset links (account-activate.tsx, auth-reset.tsx): the two
 * passwords must match; `submit` sends the new one with the link's token; success signs the
 * customer in and goes to `successPath`, errors come back to the form.
 */
export async function setPasswordAction(
  request: Request,
  submit: (password: string) => Promise<Result<AccessToken>>,
  successPath: string,
) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("confirmation") ?? "")) {
    return data({ errors: { confirmation: ACCOUNT_MESSAGES.passwordsDiffer } }, { status: 400 });
  }
  const result = await submit(password);
  if (!result.ok) return data({ errors: result.errors }, { status: 400 });
  throw redirect(successPath, {
    headers: { "Set-Cookie": customerTokenCookie(request, result.value.accessToken) },
  });
}
