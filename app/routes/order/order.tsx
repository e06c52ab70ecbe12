import {
  data,
  Form,
  Link,
  useActionData,
  useFetcher,
  useNavigation,
  useSubmit,
} from "react-router";
import checkoutStyles from "#app/components/checkout/checkout.css?url";
import {
  CheckoutProblems,
  OrderModeSummary,
  OrderTotals,
} from "#app/components/checkout/order-summary.tsx";
import { PhoneSignIn } from "#app/components/checkout/phone-sign-in.tsx";
import { useCheckoutStep } from "#app/components/checkout/use-checkout-step.ts";
import {
  loadCheckout,
  PRIVATE_HEADERS,
  shopperOf,
  signedInCustomer,
} from "#app/lib/checkout/checkout.server.ts";
import {
  CHECKOUT_ERRORS,
  type CheckoutLineView,
  lineKeyOf,
  nationalPhone,
} from "#app/lib/checkout/checkout.ts";
import { formatCents } from "#app/lib/format.ts";
import { orderingSessionFor, prefilledDetails } from "#app/lib/ordering/account-link.server.ts";
import { clearedOrderingTokenCookie } from "#app/lib/ordering/customer.server.ts";
import {
  type ContinueResult,
  ORDER_INTENTS,
  type VoucherResult,
} from "#app/lib/ordering/order-actions.server.ts";
import { noindexMeta, stylesheetLinks } from "../private-page-head.ts";
import type { Route } from "./+types/order";

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
  const [phoneCustomer, checkout] = await Promise.all([
    signedInCustomer(shopper),
    loadCheckout(request, shopper),
  ]);
  const headers = new Headers(PRIVATE_HEADERS);
  // A token the service no longer knows (expired, signed out elsewhere) is dropped.
  const stale = Boolean(shopper.token && !phoneCustomer);
  // A shop account linked to a phone signs it in here, with no SMS code.
  const { customer, shopAccount, linkedCustomerId } = await orderingSessionFor(
    request,
    shopper,
    phoneCustomer,
    headers,
  );
  if (stale && !customer) headers.append("Set-Cookie", clearedOrderingTokenCookie(request));
  return data(
    {
      customer: customer && {
        phone: nationalPhone(customer.PhoneNumber),
        ...prefilledDetails(customer, shopAccount),
      },
      // The shopper may link this phone to their shop account, unless it already is.
      linkTo:
        customer && shopAccount && linkedCustomerId !== customer.CustomerId
          ? { email: shopAccount.email }
          : null,
      checkout: checkout.view,
    },
    { headers },
  );
}

// --- Action ----------------------------------------------------------------------------------

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  const order = { request, form, intent, fields, shopper: shopperOf(request, context) };
  const headers = new Headers(PRIVATE_HEADERS);
  if (!Object.hasOwn(ORDER_INTENTS, intent)) {
    return data({ intent, ok: false }, { status: 400, headers });
  }
  return ORDER_INTENTS[intent as keyof typeof ORDER_INTENTS]({ ...order, headers });
}

// --- Page ------------------------------------------------------------------------------------

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { customer, linkTo, checkout } = loaderData;
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
            linkTo={linkTo}
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
  linkTo,
  isWrap,
  canContinue,
}: {
  lines: CheckoutLineView[];
  customer: { name: string; email: string } | null;
  /** The shop account this phone may be linked to (the shopper is signed in to it). */
  linkTo: { email: string } | null;
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
          {linkTo && (
            <>
              <div className="checkout-check">
                <input
                  type="checkbox"
                  id="checkout-link-account"
                  name="linkAccount"
                  value="on"
                  aria-describedby="checkout-link-account-help"
                />
                <label htmlFor="checkout-link-account">Lier ce numéro à mon compte</label>
              </div>
              <p id="checkout-link-account-help" className="checkout-help">
                {`Vos commandes traiteur apparaîtront dans « Mes commandes » du compte ${linkTo.email}, et vous n'aurez plus de code SMS à saisir une fois connecté à votre compte.`}
              </p>
            </>
          )}
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
  const price = (cents: number) => (cents > 0 ? ` (+${formatCents(cents)})` : "");
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
