import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { Addresses, type AddressView } from "#app/components/account/addresses.tsx";
import { LogoutForm } from "#app/components/account/logout-form.tsx";
import { OrdersList } from "#app/components/account/orders.tsx";
import { PasswordForm, ProfileForm } from "#app/components/account/profile.tsx";
import { type FormAnswer, SignInForms } from "#app/components/account/sign-in-forms.tsx";
import { FavouritesTab } from "#app/components/favourites/favourites-tab.tsx";
import { ShoppingListsTab } from "#app/components/shopping-lists/shopping-lists-tab.tsx";
import {
  type AddressInput,
  accountDetails,
  changePassword,
  createAddress,
  deleteAddress,
  displayPhone,
  linkCartToCustomer,
  PRIVATE_HEADERS,
  recover,
  register,
  setDefaultAddress,
  signIn,
  updateAddress,
  updateProfile,
} from "#app/lib/account/account.server.ts";
import {
  AccountUnavailable,
  buyerIpOf,
  type Result,
} from "#app/lib/account/customer-api.server.ts";
import {
  clearedCustomerTokenCookie,
  customerTokenCookie,
  customerTokenOf,
} from "#app/lib/account/customer-session.server.ts";
import { ACCOUNT_MESSAGES } from "#app/lib/account/messages.ts";
import {
  customerOrders,
  mergedOrderPage,
  orderPathOf,
  restaurationOrderRow,
  restaurationOrdersOf,
} from "#app/lib/account/orders.server.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { favouritesOf, productCardsByIds } from "#app/lib/favourites/bookmarks.server.ts";
import { productGidOf } from "#app/lib/favourites/bookmarks.ts";
import { pageUrl } from "#app/lib/page-url.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { customerShoppingLists } from "#app/lib/shopping-lists/shopping-lists.server.ts";
import { LIST_PARAMS, listOutcomeOf } from "#app/lib/shopping-lists/shopping-lists.ts";
import accountStyles from "#app/styles/account.css?url";
import catalogueStyles from "#app/styles/catalogue.css?url";
import { orderSlotFromAttributes } from "#platform/commerce/index.ts";
import { orderNumberLabel } from "#platform/order-status.ts";
import type { Route } from "./+types/account";

/**
 * /compte/ (storefront.md §2, §6): for a visitor, sign-in with registration and the forgotten
 * password; for a signed-in customer, the account with its tabs — profile and addresses by
 * default, `s=3` orders, `s=4` favourites, `s=5` shopping lists. Every answer is private
 * (decision 002): no shared cache, no browser cache.
 */

// The favourites tab shows product cards, styled by the catalogue's sheet.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: catalogueStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.view === "account" ? "Mon compte — Comptoir" : "Connexion — Comptoir" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

const TABS = [
  { s: null, label: "Mes informations" },
  { s: "3", label: "Mes commandes" },
  { s: "4", label: "Mes favoris" },
  { s: "5", label: "Mes listes" },
] as const;

type Tab = (typeof TABS)[number]["s"];

const NOTICES: Record<string, string> = {
  profil: "Vos informations ont été enregistrées.",
  "mot-de-passe": "Votre mot de passe a été changé.",
  "adresse-ajoutee": "L'adresse a été ajoutée.",
  "adresse-modifiee": "L'adresse a été modifiée.",
  "adresse-supprimee": "L'adresse a été supprimée.",
  "adresse-defaut": "Votre adresse par défaut a été changée.",
  active: "Votre compte est activé : bienvenue chez Comptoir !",
  "nouveau-mot-de-passe": "Votre nouveau mot de passe est enregistré.",
};

function tabOf(url: URL): Tab {
  const s = url.searchParams.get("s");
  return s === "3" || s === "4" || s === "5" ? s : null;
}

function signInView(url: URL, notice: string | null) {
  // A tab asked for by a visitor (`/compte/?s=5&produit=42`) is where sign-in leads back to.
  const back = tabOf(url) === null ? null : `${url.pathname}${url.search}`;
  return {
    view: "sign-in" as const,
    redirectTo: safeRedirectPath(url.searchParams.get("redirect") ?? back, "/compte/"),
    mode: url.searchParams.get("vue") === "mot-de-passe-oublie" ? "recover" : "register",
    notice,
  } as const;
}

/**
 * The lists tab's data, rendered on the server so that it works without JavaScript: the lists,
 * the product the address asks to add to one (`?produit=42`), the outcome of the last command.
 */
async function listsTabData(context: Route.LoaderArgs["context"], request: Request, url: URL) {
  const productId = productGidOf(url.searchParams.get(LIST_PARAMS.product) ?? undefined);
  const [lists, [product]] = await Promise.all([
    customerShoppingLists(context, request),
    productId ? productCardsByIds([productId]) : Promise.resolve([]),
  ]);
  return {
    lists: { signedIn: lists !== null, lists: lists ?? [] },
    adding: product ? { id: product.id, title: product.title } : null,
    outcome: listOutcomeOf(url.searchParams),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's address, also on a client navigation's data request: sign-in leads back to it.
  const url = pageUrl(request);
  const token = customerTokenOf(request);
  if (!token) return signInView(url, null);

  let customer: Awaited<ReturnType<typeof accountDetails>>;
  try {
    customer = await accountDetails(token);
  } catch (cause) {
    if (!(cause instanceof AccountUnavailable)) throw cause;
    // The token expired or was revoked: the visitor signs in again.
    return data(signInView(url, cause.message), {
      headers: { "Set-Cookie": clearedCustomerTokenCookie(request) },
    });
  }

  const tab = tabOf(url);
  const after = url.searchParams.get("apres");
  // Each tab is rendered with its data, so that it works before (and without) JavaScript.
  const [orders, restauration, favourites, shoppingLists] = await Promise.all([
    tab === "3" ? customerOrders(token, after) : null,
    // The restauration orders of the phone linked to this account (« Lier ce numéro… »).
    tab === "3" ? restaurationOrdersOf(customer.id) : null,
    tab === "4" ? favouritesOf(context, request) : null,
    tab === "5" ? listsTabData(context, request, url) : null,
  ]);
  const addresses: AddressView[] = customer.addresses.nodes.map((address) => ({
    ...address,
    phone: displayPhone(address.phone),
    isDefault: address.id === customer.defaultAddress?.id,
  }));
  return data(
    {
      view: "account" as const,
      tab,
      profile: {
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: displayPhone(customer.phone),
        acceptsMarketing: customer.acceptsMarketing,
      },
      addresses,
      editing: url.searchParams.get("adresse"),
      notice: NOTICES[url.searchParams.get("ok") ?? ""] ?? null,
      favourites,
      shoppingLists,
      orders: orders && ordersTab(orders, restauration ?? [], after, url),
    },
    // Every visit renews the one-day session (storefront.md §4).
    { headers: { "Set-Cookie": customerTokenCookie(request, token) } },
  );
}

/**
 * The orders tab: the grocery page with the restauration orders of its span (`avant`, the
 * previous page's oldest order, carries the span along the cursor).
 */
function ordersTab(
  orders: Awaited<ReturnType<typeof customerOrders>>,
  restauration: Awaited<ReturnType<typeof restaurationOrdersOf>>,
  after: string | null,
  url: URL,
) {
  const merged = mergedOrderPage(
    {
      rows: orders.orders.map((order) => ({
        ...order,
        // The shop names orders the same way everywhere in French: « n° 1001 ».
        name: orderNumberLabel(order.orderNumber),
        path: orderPathOf(order.id),
        deliverySlot: orderSlotFromAttributes(order.customAttributes),
        statusLabel: null,
        kind: "epicerie" as const,
      })),
      totalCount: orders.totalCount,
      hasNextPage: orders.hasNextPage,
    },
    restauration.map((order) => ({
      ...restaurationOrderRow(order),
      kind: "restauration" as const,
    })),
    after ? url.searchParams.get("avant") : null,
  );
  return {
    rows: merged.rows,
    totalCount: merged.totalCount,
    nextPage:
      orders.hasNextPage && orders.endCursor
        ? `/compte/?s=3&apres=${encodeURIComponent(orders.endCursor)}${merged.oldest ? `&avant=${encodeURIComponent(merged.oldest)}` : ""}`
        : null,
    firstPage: after ? "/compte/?s=3" : null,
  };
}

// ---------------------------------------------------------------------------------------------

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

function valuesOf(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, text(form, name)]));
}

function answer(intent: string, result: Result<unknown>, values: Record<string, string>) {
  const errors = result.ok ? {} : result.errors;
  return data({ intent, errors, values } satisfies FormAnswer, { status: 400 });
}

const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "address1",
  "address2",
  "zip",
  "city",
  "country",
  "phone",
  "default",
] as const;

function addressInput(form: FormData): AddressInput {
  return {
    firstName: text(form, "firstName"),
    lastName: text(form, "lastName"),
    company: text(form, "company"),
    address1: text(form, "address1"),
    address2: text(form, "address2"),
    zip: text(form, "zip"),
    city: text(form, "city"),
    country: text(form, "country") || "FR",
    phone: text(form, "phone"),
  };
}

/** Starts the session: the token cookie, and the visitor's cart linked to the customer. */
async function signedIn(request: Request, token: string, to: string) {
  const cartId = readCookie(request, "cartId");
  if (cartId?.startsWith("gid://shopify/Cart/")) await linkCartToCustomer(cartId, token);
  return redirect(to, { headers: { "Set-Cookie": customerTokenCookie(request, token) } });
}

/**
 * The account forms, by `intent`. Successful changes redirect (post/redirect/get) with a notice;
 * refused ones answer 400 with the messages beside their fields and the typed values kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = text(form, "intent");
  const buyerIp = buyerIpOf(context);

  // Visitor forms.
  if (intent === "login") {
    const values = valuesOf(form, ["email"]);
    const result = await signIn(
      { email: text(form, "email"), password: text(form, "password") },
      buyerIp,
    );
    if (!result.ok) return answer(intent, result, values);
    return signedIn(
      request,
      result.value.accessToken,
      safeRedirectPath(text(form, "redirect"), "/compte/"),
    );
  }
  if (intent === "register") {
    const values = valuesOf(form, ["firstName", "lastName", "email", "acceptsMarketing"]);
    const result = await register({
      firstName: text(form, "firstName"),
      lastName: text(form, "lastName"),
      email: text(form, "email"),
      acceptsMarketing: form.get("acceptsMarketing") === "on",
    });
    if (!result.ok) return answer(intent, result, values);
    return data({
      intent,
      errors: {},
      values,
      notice: `Votre compte a été créé. Un e-mail d'activation vous a été envoyé à ${result.value.email} : suivez son lien pour choisir votre mot de passe et activer votre compte.`,
    } satisfies FormAnswer);
  }
  if (intent === "recover") {
    const values = valuesOf(form, ["email"]);
    const result = await recover(text(form, "email"), buyerIp);
    if (!result.ok) return answer(intent, result, values);
    return data({
      intent,
      errors: {},
      values,
      notice:
        "Si un compte existe avec cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe.",
    } satisfies FormAnswer);
  }

  // Customer forms: they need the session ('Token manquant').
  const token = customerTokenOf(request);
  if (!token) {
    return data(
      { intent, errors: { form: ACCOUNT_MESSAGES.tokenMissing }, values: {} } satisfies FormAnswer,
      { status: 401 },
    );
  }
  switch (intent) {
    case "profile": {
      const values = valuesOf(form, [
        "firstName",
        "lastName",
        "email",
        "phone",
        "acceptsMarketing",
      ]);
      const result = await updateProfile(token, {
        firstName: values.firstName ?? "",
        lastName: values.lastName ?? "",
        email: values.email ?? "",
        phone: values.phone ?? "",
        acceptsMarketing: values.acceptsMarketing === "on",
      });
      if (!result.ok) return answer(intent, result, values);
      return redirect("/compte/?ok=profil");
    }
    case "password": {
      let email: string | null;
      try {
        email = (await accountDetails(token)).email;
      } catch (cause) {
        if (!(cause instanceof AccountUnavailable)) throw cause;
        return answer(intent, { ok: false, errors: { form: cause.message } }, {});
      }
      const result = await changePassword(
        token,
        {
          email: email ?? "",
          currentPassword: text(form, "currentPassword"),
          password: text(form, "password"),
          confirmation: text(form, "confirmation"),
        },
        buyerIp,
      );
      if (!result.ok) return answer(intent, result, {});
      // Every other session was revoked: this one goes on with the new token.
      return redirect("/compte/?ok=mot-de-passe", {
        headers: { "Set-Cookie": customerTokenCookie(request, result.value.accessToken) },
      });
    }
    case "address-create": {
      const values = valuesOf(form, [...ADDRESS_FIELDS]);
      const result = await createAddress(token, addressInput(form), form.get("default") === "on");
      if (!result.ok) return answer(intent, result, values);
      return redirect("/compte/?ok=adresse-ajoutee#adresses");
    }
    case "address-update": {
      const values = valuesOf(form, [...ADDRESS_FIELDS]);
      const id = text(form, "id");
      const result = await updateAddress(
        token,
        id,
        addressInput(form),
        form.get("default") === "on",
      );
      if (!result.ok) return answer(intent, result, values);
      return redirect("/compte/?ok=adresse-modifiee#adresses");
    }
    case "address-delete": {
      const result = await deleteAddress(token, text(form, "id"));
      if (!result.ok) return answer(intent, result, {});
      return redirect("/compte/?ok=adresse-supprimee#adresses");
    }
    case "address-default": {
      const result = await setDefaultAddress(token, text(form, "id"));
      if (!result.ok) return answer(intent, result, {});
      return redirect("/compte/?ok=adresse-defaut#adresses");
    }
    default:
      return data(
        { intent, errors: { form: ACCOUNT_MESSAGES.generic }, values: {} } satisfies FormAnswer,
        { status: 400 },
      );
  }
}

// ---------------------------------------------------------------------------------------------

export default function AccountPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormAnswer | undefined;

  if (page.view === "sign-in") {
    return (
      <div className="account-page">
        <h1>Mon compte</h1>
        <SignInForms
          redirectTo={page.redirectTo}
          mode={page.mode}
          answer={answer}
          notice={page.notice}
        />
      </div>
    );
  }

  const name = [page.profile.firstName, page.profile.lastName].filter(Boolean).join(" ");
  const of = (intent: string) => (answer?.intent === intent ? answer : undefined);
  return (
    <div className="account-page">
      <h1>Mon compte</h1>
      <p className="account-page__hello">{`Bonjour ${name || page.profile.email}`}</p>
      <nav className="account-tabs" aria-label="Mon compte">
        <ul>
          {TABS.map((tab) => (
            <li key={tab.label}>
              <Link
                to={tab.s ? `/compte/?s=${tab.s}` : "/compte/"}
                aria-current={page.tab === tab.s ? "page" : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="account-tabs__logout">
          <LogoutForm className="account-link">Se déconnecter</LogoutForm>
        </div>
      </nav>

      {page.tab === null && (
        <div className="account-grid">
          {page.notice && (
            <p className="account-message account-message--success" role="status">
              {page.notice}
            </p>
          )}
          <ProfileForm profile={page.profile} answer={of("profile")} />
          <PasswordForm email={page.profile.email} answer={of("password")} />
          <Addresses
            addresses={page.addresses}
            editing={page.editing}
            answer={answer?.intent.startsWith("address") ? answer : undefined}
          />
        </div>
      )}
      {page.tab === "3" && page.orders && (
        <OrdersList
          orders={page.orders.rows}
          totalCount={page.orders.totalCount}
          nextPage={page.orders.nextPage}
          firstPage={page.orders.firstPage}
        />
      )}
      {page.tab === "4" && page.favourites && <FavouritesTab initial={page.favourites} />}
      {page.tab === "5" && page.shoppingLists && (
        <ShoppingListsTab
          initial={page.shoppingLists.lists}
          adding={page.shoppingLists.adding}
          outcome={page.shoppingLists.outcome}
        />
      )}
    </div>
  );
}
