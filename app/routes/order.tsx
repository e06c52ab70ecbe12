import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useNavigation,
  useSubmit,
} from "react-router";
import { z } from "zod";
import checkoutStyles from "#app/components/checkout/checkout.css?url";
import {
  CheckoutProblems,
  OrderModeSummary,
  OrderTotals,
} from "#app/components/checkout/order-summary.tsx";
import { PhoneSignIn, type PhoneSignInResult } from "#app/components/checkout/phone-sign-in.tsx";
import { useCheckoutStep } from "#app/components/checkout/use-checkout-step.ts";
import {
  checkoutCookie,
  loadCheckout,
  OPTIONS_COOKIE,
  PRIVATE_HEADERS,
  readOptions,
  serializeOptions,
  shopperOf,
  signedInCustomer,
  VOUCHER_COOKIE,
  withFormOptions,
} from "#app/lib/checkout.server.ts";
import {
  CHECKOUT_ERRORS,
  type CheckoutLineView,
  isEmail,
  isFrenchPhone,
  lineKeyOf,
  nationalPhone,
} from "#app/lib/checkout.ts";
import { isHttps } from "#app/lib/cookies.ts";
import { serializeOrderMode } from "#app/lib/order-mode.ts";
import {
  clearedOrderingTokenCookie,
  loginWithPhoneCode,
  logout,
  orderingTokenCookie,
  requestPhoneCode,
  setCustomerName,
  setEmailAddress,
} from "#app/lib/ordering-customer.server.ts";
import type { Route } from "./+types/order";
import { noindexMeta, stylesheetLinks } from "./private-page-head.ts";

/**
 * /order/ — the restauration checkout (DESIGN.md §5, issue 9 §4): the dishes and their options,
 * the mode, store and slot chosen in the order-mode modal, phone-code sign-in with the ordering
 * service, name and email, the voucher code (the automatic voucher shown as such), gift wrap and
 * the totals priced by the service; then /order/paiement/. Private and never cached.
 */

export const links: Route.LinksFunction = stylesheetLinks(checkoutStyles);

export const meta: Route.MetaFunction = noindexMeta("Ma commande — Comptoir");

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = shopperOf(request, context);
  const [customer, checkout] = await Promise.all([
    signedInCustomer(shopper),
    loadCheckout(request, shopper),
  ]);
  const headers = new Headers(PRIVATE_HEADERS);
  // A token the service no longer knows (expired, signed out elsewhere) is dropped.
  if (shopper.token && !customer) headers.append("Set-Cookie", clearedOrderingTokenCookie(request));
  return data(
    {
      customer: customer && {
        phone: nationalPhone(customer.PhoneNumber),
        name: customer.Name ?? "",
        email: customer.EmailAddress ?? "",
      },
      checkout: checkout.view,
    },
    { headers },
  );
}

// --- Action ----------------------------------------------------------------------------------

const requestCodeForm = z.object({ intent: z.literal("request-code"), phone: z.string() }).strict();
const verifyCodeForm = z
  .object({
    intent: z.literal("verify-code"),
    phone: z.string(),
    requestId: z.string().min(1).max(100),
    code: z.string(),
  })
  .strict();
const voucherForm = z.object({ intent: z.literal("voucher"), code: z.string().max(64) }).strict();

type FieldErrors = Partial<Record<"name" | "email" | "form", string>>;
export type ContinueResult = { intent: "continue"; ok: false; errors: FieldErrors };
export type VoucherResult = { intent: "voucher" | "remove-voucher"; ok: boolean; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  const shopper = shopperOf(request, context);
  const headers = new Headers(PRIVATE_HEADERS);

  switch (intent) {
    case "request-code": {
      const parsed = requestCodeForm.safeParse(fields);
      const phone = parsed.success ? parsed.data.phone.trim() : "";
      if (!isFrenchPhone(phone)) {
        return data(
          { intent, ok: false, phone, error: CHECKOUT_ERRORS.invalidPhone } as PhoneSignInResult,
          { status: 400, headers },
        );
      }
      const sent = await requestPhoneCode(shopper, phone);
      if (!sent.ok) {
        return data({ intent, ok: false, phone, error: sent.message } as PhoneSignInResult, {
          status: sent.status,
          headers,
        });
      }
      return data(
        {
          intent,
          ok: true,
          phone,
          requestId: sent.data.RequestId,
          sentTo: nationalPhone(sent.data.PhoneNumber),
        } as PhoneSignInResult,
        { headers },
      );
    }
    case "verify-code": {
      const parsed = verifyCodeForm.safeParse(fields);
      if (!parsed.success) return data({ intent, ok: false }, { status: 400, headers });
      const { phone, requestId } = parsed.data;
      const code = parsed.data.code.replace(/\s/g, "");
      const step = { intent, ok: false, phone, requestId, sentTo: phone } as const;
      if (!/^\d{6}$/.test(code)) {
        return data(
          { ...step, error: CHECKOUT_ERRORS.invalidCode, needsNewCode: false } as PhoneSignInResult,
          { status: 400, headers },
        );
      }
      const signed = await loginWithPhoneCode(shopper, { phone, requestId, code });
      if (!signed.ok) {
        const needsNewCode = ["code_expired", "code_used", "too_many_attempts"].includes(
          signed.code,
        );
        return data({ ...step, error: signed.message, needsNewCode } as PhoneSignInResult, {
          status: signed.status,
          headers,
        });
      }
      headers.append("Set-Cookie", orderingTokenCookie(request, signed.data.Token));
      return data({ intent, ok: true } as PhoneSignInResult, { headers });
    }
    case "change-phone":
      return data({ intent, ok: true } as PhoneSignInResult, { headers });
    case "logout": {
      if (shopper.token) await logout(shopper);
      // Spec §4: logging out removes the voucher with the token.
      headers.append("Set-Cookie", clearedOrderingTokenCookie(request));
      headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, null));
      return redirect("/order/", { headers });
    }
    case "voucher": {
      const parsed = voucherForm.safeParse(fields);
      const code = parsed.success ? parsed.data.code.trim().toUpperCase() : "";
      if (!code) {
        return data(
          { intent, ok: false, error: CHECKOUT_ERRORS.voucherRequired } as VoucherResult,
          {
            status: 400,
            headers,
          },
        );
      }
      const checkout = await loadCheckout(request, shopper, { voucherCode: code });
      if (checkout.view.voucherError) {
        return data({ intent, ok: false, error: checkout.view.voucherError } as VoucherResult, {
          status: 400,
          headers,
        });
      }
      if (!checkout.priced) {
        return data(
          { intent, ok: false, error: checkout.view.problems[0] ?? CHECKOUT_ERRORS.failed },
          { status: 400, headers },
        );
      }
      headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, code));
      return data({ intent, ok: true } as VoucherResult, { headers });
    }
    case "remove-voucher":
      headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, null));
      return data({ intent, ok: true } as VoucherResult, { headers });
    case "options":
    case "continue": {
      const options = withFormOptions(readOptions(request), form);
      headers.append(
        "Set-Cookie",
        checkoutCookie(request, OPTIONS_COOKIE, serializeOptions(options)),
      );
      for (const line of serializeOrderMode(
        { isWrap: form.get("isWrap") === "true" },
        { secure: isHttps(request) },
      )) {
        headers.append("Set-Cookie", line);
      }
      if (intent === "options") return data({ intent, ok: true }, { headers });
      return continueToPayment(request, shopper, fields, headers);
    }
    default:
      return data({ intent, ok: false }, { status: 400, headers });
  }
}

/** Saves the name and email with the ordering service, then goes to the payment step. */
async function continueToPayment(
  request: Request,
  shopper: ReturnType<typeof shopperOf>,
  fields: Record<string, string>,
  headers: Headers,
) {
  const fail = (errors: FieldErrors, status = 400) =>
    data({ intent: "continue", ok: false, errors } satisfies ContinueResult, { status, headers });
  const customer = await signedInCustomer(shopper);
  if (!customer) return fail({ form: CHECKOUT_ERRORS.signInRequired }, 401);
  const name = (fields.name ?? "").trim();
  const email = (fields.email ?? "").trim();
  const errors: FieldErrors = {};
  if (!name || name.length > 100) errors.name = CHECKOUT_ERRORS.nameRequired;
  if (!isEmail(email) || email.length > 254) errors.email = CHECKOUT_ERRORS.invalidEmail;
  if (errors.name || errors.email) return fail(errors);
  if (name !== customer.Name) {
    const saved = await setCustomerName(shopper, name);
    if (!saved.ok) return fail({ name: saved.message }, saved.status);
  }
  if (email !== customer.EmailAddress) {
    const saved = await setEmailAddress(shopper, email);
    if (!saved.ok) return fail({ email: saved.message }, saved.status);
  }
  const checkout = await loadCheckout(request, shopper);
  if (!checkout.priced) {
    return fail({ form: checkout.view.problems[0] ?? CHECKOUT_ERRORS.failed });
  }
  return redirect("/order/paiement/", { headers });
}

// --- Page ------------------------------------------------------------------------------------

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { customer, checkout } = loaderData;
  useCheckoutStep(1, checkout.lines);

  if (checkout.lines.length === 0) {
    return (
      <div className="checkout">
        <h1 className="checkout__title">Ma commande</h1>
        <p>{CHECKOUT_ERRORS.emptyCart}</p>
        <Link to="/" className="button button--primary">
          Retour à la page d'accueil
        </Link>
      </div>
    );
  }

  return (
    <div className="checkout">
      <h1 className="checkout__title">Ma commande</h1>
      <CheckoutProblems problems={checkout.problems} />
      <div className="checkout__grid">
        <div className="checkout__main">
          <OrderModeSummary view={checkout} />
          <section className="checkout-card" aria-labelledby="checkout-identity-title">
            <h2 id="checkout-identity-title" className="checkout-card__title">
              Vos coordonnées
            </h2>
            {customer ? <SignedIn phone={customer.phone} /> : <PhoneSignIn action="/order/" />}
          </section>
          <DetailsForm
            lines={checkout.lines}
            customer={customer}
            isWrap={checkout.isWrap}
            canContinue={checkout.problems.length === 0 && customer !== null}
          />
        </div>
        <aside className="checkout__aside">
          <VoucherForm code={checkout.voucherCode} storedError={checkout.voucherError} />
          {checkout.totals && <OrderTotals totals={checkout.totals} mode={checkout.mode} />}
        </aside>
      </div>
    </div>
  );
}

function SignedIn({ phone }: { phone: string }) {
  return (
    <div className="checkout-inline">
      <p>
        Connecté avec le <strong>{phone}</strong>
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" className="checkout-link">
          Se déconnecter
        </button>
      </Form>
    </div>
  );
}

/** Options of the dishes, name, email and gift wrap: saved, then on to the payment step. */
function DetailsForm({
  lines,
  customer,
  isWrap,
  canContinue,
}: {
  lines: CheckoutLineView[];
  customer: { name: string; email: string } | null;
  isWrap: boolean;
  canContinue: boolean;
}) {
  const result = useActionData<typeof action>() as ContinueResult | undefined;
  const errors = result?.intent === "continue" ? result.errors : {};
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  const withOptions = lines.filter((line) => line.optionSets.length > 0);

  return (
    <Form
      method="post"
      className="checkout-card checkout-form"
      aria-labelledby="checkout-details-title"
      onChange={(event) => {
        // Options and gift wrap change the total: save them at once (the button does it too).
        const target = event.target as unknown as HTMLInputElement;
        if (target.name.startsWith("options:") || target.name === "isWrap") {
          const data = new FormData(event.currentTarget);
          data.set("intent", "options");
          submit(data, { method: "post", preventScrollReset: true, replace: true });
        }
      }}
    >
      <h2 id="checkout-details-title" className="checkout-card__title">
        Votre commande
      </h2>
      <ul className="checkout-dishes">
        {lines.map((line) => (
          <li key={line.id} className="checkout-dishes__dish">
            <p className="checkout-dishes__name">
              {line.quantity} × {line.title}
              {line.menuItemId === null && (
                <span className="checkout-error"> — indisponible à la commande</span>
              )}
            </p>
            {line.units.map((choices, unit) => (
              <DishUnitOptions
                // biome-ignore lint/suspicious/noArrayIndexKey: units are positions, not items.
                key={unit}
                line={line}
                unit={unit}
                choices={choices}
              />
            ))}
          </li>
        ))}
      </ul>
      {withOptions.length > 0 && (
        <noscript>
          <button type="submit" name="intent" value="options" className="button">
            Mettre à jour le total
          </button>
        </noscript>
      )}
      <div className="checkout-check">
        <input
          type="checkbox"
          id="checkout-wrap"
          name="isWrap"
          value="true"
          defaultChecked={isWrap}
        />
        <label htmlFor="checkout-wrap">Emballage cadeau (offert)</label>
      </div>
      {customer && (
        <>
          <CustomerField
            label="Nom"
            name="name"
            autoComplete="name"
            defaultValue={customer.name}
            maxLength={100}
            error={errors.name}
          />
          <CustomerField
            label="Adresse e-mail"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={customer.email}
            maxLength={254}
            error={errors.email}
          />
        </>
      )}
      {errors.form && (
        <p className="checkout-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="checkout-actions">
        <button
          type="submit"
          name="intent"
          value="continue"
          className="button button--primary"
          disabled={!canContinue || busy}
        >
          Continuer vers le paiement
        </button>
      </div>
      {!customer && <p className="checkout-help">{CHECKOUT_ERRORS.signInRequired}</p>}
    </Form>
  );
}

/**
 * The option sets of one unit of a dish (spec §3: options per unit), titled « … n° 2 » when the
 * line has several. An empty field per unit tells the action about a unit with nothing ticked.
 */
function DishUnitOptions({
  line,
  unit,
  choices,
}: {
  line: CheckoutLineView;
  unit: number;
  choices: number[];
}) {
  const key = lineKeyOf(line.id);
  const name = `options:${key}:${unit}`;
  const fields = (
    <>
      <input type="hidden" name={name} value="" />
      {line.optionSets.map((set) => (
        <OptionSetField
          key={set.id}
          name={name}
          idPrefix={`option-${key}-${unit}-${set.id}`}
          set={set}
          choices={choices}
        />
      ))}
    </>
  );
  if (line.quantity === 1) return fields;
  return (
    <fieldset className="checkout-unit">
      <legend className="checkout-unit__title">
        {line.title} n° {unit + 1}
      </legend>
      {fields}
    </fieldset>
  );
}

function OptionSetField({
  name,
  idPrefix,
  set,
  choices,
}: {
  name: string;
  idPrefix: string;
  set: CheckoutLineView["optionSets"][number];
  choices: number[];
}) {
  const price = (cents: number) =>
    cents > 0 ? ` (+${(cents / 100).toFixed(2).replace(".", ",")} €)` : "";
  if (set.max === 1) {
    const current = set.choices.find((choice) => choices.includes(choice.id));
    return (
      <div className="checkout-option">
        <label htmlFor={idPrefix}>
          {set.name}
          {set.min > 0 ? "" : " (facultatif)"}
        </label>
        <select id={idPrefix} name={name} defaultValue={current ? String(current.id) : ""}>
          {set.min === 0 && <option value="">Aucun</option>}
          {set.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
              {price(choice.priceCents)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="checkout-option">
      <legend>
        {set.name} (jusqu'à {set.max})
      </legend>
      {set.choices.map((choice) => {
        const id = `${idPrefix}-${choice.id}`;
        return (
          <div key={choice.id} className="checkout-check">
            <input
              type="checkbox"
              id={id}
              name={name}
              value={choice.id}
              defaultChecked={choices.includes(choice.id)}
            />
            <label htmlFor={id}>
              {choice.name}
              {price(choice.priceCents)}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

function VoucherForm({ code, storedError }: { code: string | null; storedError: string | null }) {
  const fetcher = useFetcher<VoucherResult>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : storedError;
  const busy = fetcher.state !== "idle";
  return (
    <section className="checkout-card" aria-labelledby="checkout-voucher-title">
      <h2 id="checkout-voucher-title" className="checkout-card__title">
        Code promo
      </h2>
      {code ? (
        <fetcher.Form method="post" className="checkout-inline">
          <p>
            Code <strong>{code}</strong> appliqué
          </p>
          <input type="hidden" name="intent" value="remove-voucher" />
          <button type="submit" className="checkout-link" disabled={busy}>
            Retirer le code
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" className="checkout-form" noValidate>
          <input type="hidden" name="intent" value="voucher" />
          <label htmlFor="checkout-voucher">Votre code</label>
          <div className="checkout-inline">
            <input
              id="checkout-voucher"
              name="code"
              autoComplete="off"
              maxLength={64}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "checkout-voucher-error" : undefined}
            />
            <button type="submit" className="button" disabled={busy}>
              Appliquer
            </button>
          </div>
        </fetcher.Form>
      )}
      {error && (
        <p id="checkout-voucher-error" className="checkout-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** A required customer field of the order form (`checkout-{name}`), with its error below it. */
function CustomerField({
  label,
  name,
  type,
  autoComplete,
  defaultValue,
  maxLength,
  error,
}: {
  label: string;
  name: string;
  type?: "email";
  autoComplete: string;
  defaultValue: string;
  maxLength: number;
  error: string | undefined;
}) {
  const id = `checkout-${name}`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="checkout-error">
          {error}
        </p>
      )}
    </>
  );
}
