import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";

/** What the order page's action answers to the sign-in forms. */
export type PhoneSignInResult =
  | { intent: "request-code"; ok: true; phone: string; requestId: string; sentTo: string }
  | { intent: "request-code"; ok: false; phone: string; error: string }
  | {
      intent: "verify-code";
      ok: false;
      phone: string;
      requestId: string;
      sentTo: string;
      error: string;
      /** The code can no longer work: only a new one helps. */
      needsNewCode: boolean;
    }
  | { intent: "verify-code"; ok: true }
  | { intent: "change-phone"; ok: true };

/**
 * Sign-in with a code sent by SMS (ordering-and-server.md §7): the phone number, then the 6-digit
 * code, with a resend and the service's French errors. Posts to the order page's action.
 */
export function PhoneSignIn({ action }: { action: string }) {
  const fetcher = useFetcher<PhoneSignInResult>();
  // Without JavaScript the forms post the page itself: the answer is then the page's action data.
  const pageResult = useActionData() as PhoneSignInResult | { intent?: string } | undefined;
  const result =
    fetcher.data ??
    (pageResult &&
    ["request-code", "verify-code", "change-phone"].includes(String(pageResult.intent))
      ? (pageResult as PhoneSignInResult)
      : undefined);
  const busy = fetcher.state !== "idle";
  const codeStep =
    result && "requestId" in result && (result.intent === "verify-code" || result.ok)
      ? result
      : null;
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const error = result && !result.ok ? result.error : null;

  // Focus follows the step: the code field once sent, the field in error otherwise.
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (codeStep) codeInput.current?.focus();
    else if (!result.ok) phoneInput.current?.focus();
  }, [fetcher.state, result, codeStep]);

  if (codeStep) {
    return (
      <div className="checkout-signin">
        <p id="code-help">
          Un code à 6 chiffres a été envoyé par SMS au <strong>{codeStep.sentTo}</strong>. Il expire
          dans 10 minutes.
        </p>
        <fetcher.Form method="post" action={action} className="checkout-form" noValidate>
          <input type="hidden" name="intent" value="verify-code" />
          <input type="hidden" name="phone" value={codeStep.phone} />
          <input type="hidden" name="requestId" value={codeStep.requestId} />
          <label htmlFor="checkout-code">Code reçu par SMS</label>
          <input
            ref={codeInput}
            id="checkout-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            aria-describedby={error ? "code-help code-error" : "code-help"}
            aria-invalid={error ? true : undefined}
          />
          <StepSubmit errorId="code-error" error={error} busy={busy} label="Valider le code" />
        </fetcher.Form>
        <fetcher.Form method="post" action={action} className="checkout-inline">
          <input type="hidden" name="intent" value="request-code" />
          <input type="hidden" name="phone" value={codeStep.phone} />
          <button type="submit" className="checkout-link" disabled={busy}>
            Renvoyer le code
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action={action} className="checkout-inline">
          <input type="hidden" name="intent" value="change-phone" />
          <button type="submit" className="checkout-link" disabled={busy}>
            Changer de numéro
          </button>
        </fetcher.Form>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action={action} className="checkout-form" noValidate>
      <input type="hidden" name="intent" value="request-code" />
      <label htmlFor="checkout-phone">Numéro de téléphone mobile</label>
      <input
        ref={phoneInput}
        id="checkout-phone"
        name="phone"
        type="tel"
        autoComplete="tel-national"
        placeholder="06 12 34 56 78"
        defaultValue={result && "phone" in result ? result.phone : ""}
        required
        aria-describedby={error ? "phone-help phone-error" : "phone-help"}
        aria-invalid={error ? true : undefined}
      />
      <p id="phone-help" className="checkout-help">
        Nous vous envoyons un code par SMS pour vous identifier.
      </p>
      <StepSubmit errorId="phone-error" error={error} busy={busy} label="Recevoir un code" />
    </fetcher.Form>
  );
}

/** The end of a sign-in step: its error (announced), then its submit button. */
function StepSubmit({
  errorId,
  error,
  busy,
  label,
}: {
  errorId: string;
  error: string | null;
  busy: boolean;
  label: string;
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="checkout-error" role="alert">
          {error}
        </p>
      )}
      <div className="checkout-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}
