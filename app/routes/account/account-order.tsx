import { data, redirect, useActionData, useLoaderData } from "react-router";
import { LogoutForm } from "#app/components/account/logout-form.tsx";
import { OrderLineItem } from "#app/components/account/order-line.tsx";
import {
  type OrderLineView,
  type ReorderResult,
  reorderSummary,
} from "#app/components/account/order-view.ts";
import {
  formatOrderDate,
  OrderPageHeading,
  orderStatus,
  ReorderButton,
} from "#app/components/account/orders.tsx";
import { InvoiceLinks, VatRows } from "#app/components/checkout/order-documents.tsx";
import { GiftNote } from "#app/components/checkout/order-summary.tsx";
import { PRIVATE_HEADERS, requireToken } from "#app/lib/account/account.server.ts";
import { AccountUnavailable } from "#app/lib/account/customer-api.server.ts";
import { clearedCustomerTokenCookie } from "#app/lib/account/customer-session.server.ts";
import { groceryOrderId, orderDocuments } from "#app/lib/account/invoices.server.ts";
import {
  customerOrder,
  isReorderable,
  type OrderDetail,
  orderGidOf,
  orderPathOf,
} from "#app/lib/account/orders.server.ts";
import { addLinesToCart, addToCart, type CartChangeOutcome } from "#app/lib/cart/cart.server.ts";
import { localImageUrl } from "#app/lib/catalogue/product.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { formatMoney } from "#app/lib/format.ts";
import { productPath } from "#app/lib/links.ts";
import { pageUrl } from "#app/lib/page-url.ts";
import { serverContext } from "#app/lib/server-context.ts";
import accountStyles from "#app/styles/account.css?url";
import { giftOptionsOf, orderSlotFromAttributes } from "#platform/commerce/index.ts";
import { orderNumberLabel } from "#platform/order-status.ts";
import { substitutionLabel } from "#platform/substitution.ts";
import type { Route } from "./+types/account-order";

/**
 * /compte/commandes/{id}/?key=… : one order of the signed-in customer (storefront.md §3, issue 8)
 * — lines, totals, status, addresses — and 'Commander à nouveau', which puts its available lines
 * back in the cart. The key is the order GID's own, so order URLs cannot be guessed; the order
 * must also be in the customer's history.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Commande ${loaderData?.order.name ?? ""} — Comptoir` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

function notFound(): never {
  throw new Response(NOT_FOUND_MESSAGE, {
    status: 404,
    statusText: "Not Found",
    headers: PRIVATE_HEADERS,
  });
}

/** The order the URL names, if it is the signed-in customer's. */
async function loadOrder(
  request: Request,
  id: string | undefined,
): Promise<{ token: string; order: OrderDetail }> {
  const token = requireToken(request);
  const gid = orderGidOf(id, new URL(request.url).searchParams.get("key"));
  if (!gid) notFound();
  let order: OrderDetail | null;
  try {
    order = await customerOrder(token, gid);
  } catch (cause) {
    if (!(cause instanceof AccountUnavailable)) throw cause;
    const url = pageUrl(request);
    throw redirect(`/compte/?redirect=${encodeURIComponent(url.pathname + url.search)}`, {
      headers: { "Set-Cookie": clearedCustomerTokenCookie(request) },
    });
  }
  if (!order) notFound();
  return { token, order };
}

function lineView(line: OrderDetail["lineItems"]["nodes"][number], index: number): OrderLineView {
  const variant = line.variant;
  return {
    key: `${index}:${variant?.id ?? line.title}`,
    title: line.title,
    variantTitle: variant && variant.title !== "Default Title" ? variant.title : null,
    quantity: line.quantity,
    total: formatMoney(line.discountedTotalPrice.amount),
    image: variant?.image ? { ...variant.image, url: localImageUrl(variant.image.url) } : null,
    productPath: variant ? productPath(variant.product.handle) : null,
    isProduct: variant !== null,
    substitution: variant ? substitutionLabel(line.customAttributes) : null,
    available: isReorderable(line),
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { order } = await loadOrder(request, params.id);
  const orderId = groceryOrderId(order.id);
  const documents = orderId
    ? await orderDocuments(context.get(serverContext).database, "epicerie", orderId)
    : { links: [], vat: [], payment: null };
  const url = new URL(request.url);
  const added = url.searchParams.get("ajoutes");
  return {
    documents,
    order: {
      id: order.id,
      path: orderPathOf(order.id),
      name: orderNumberLabel(order.orderNumber),
      processedAt: order.processedAt,
      status: orderStatus(order.financialStatus, order.fulfillmentStatus, order.canceledAt),
      email: order.email,
      subtotal: order.subtotalPrice ? formatMoney(order.subtotalPrice.amount) : null,
      shipping: formatMoney(order.totalShippingPrice.amount),
      tax: order.totalTax ? formatMoney(order.totalTax.amount) : null,
      refunded:
        Number(order.totalRefunded.amount) > 0 ? formatMoney(order.totalRefunded.amount) : null,
      total: formatMoney(order.totalPrice.amount),
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      slot: orderSlotFromAttributes(order.customAttributes),
      gift: giftOptionsOf(order.customAttributes),
      lines: order.lineItems.nodes.map(lineView),
    },
    notice:
      added === null
        ? null
        : reorderSummary({ intent: "reorder", added: Number(added) || 0, refused: [] }),
  };
}

/** The request again, with the cart cookie a first change set (a cart created on the way). */
function withCartOf(request: Request, outcome: CartChangeOutcome): Request {
  const set = outcome.headers.getSetCookie().find((cookie) => cookie.startsWith("cartId="));
  if (!set) return request;
  const value = set.slice("cartId=".length).split(";")[0] ?? "";
  const others = (request.headers.get("cookie") ?? "")
    .split(";")
    .filter((part) => part.trim() && !part.trim().startsWith("cartId="));
  const headers = new Headers(request.headers);
  headers.set("cookie", [...others, `cartId=${value}`].join("; "));
  return new Request(request.url, { method: "GET", headers });
}

/**
 * 'Commander à nouveau': the order's available lines go to the visitor's cart in one change; if
 * the cart refuses it (a cap reached, a product that became unavailable meanwhile), each line is
 * tried on its own so that every line that can be added is.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { order } = await loadOrder(request, params.id);
  const form = await request.formData();
  if (form.get("intent") !== "reorder") return data({ error: "Action inconnue" }, { status: 400 });

  const lines = order.lineItems.nodes;
  // Fee lines ('Frais de service') have no variant: they are the checkout's, not products.
  const refused: ReorderResult["refused"] = lines
    .filter((line) => line.variant && !isReorderable(line))
    .map((line) => ({ title: line.title, reason: "Le produit est indisponible" }));
  const wanted = lines
    .filter(isReorderable)
    .flatMap((line) =>
      line.variant
        ? [{ title: line.title, merchandiseId: line.variant.id, quantity: line.quantity }]
        : [],
    );

  const headers = new Headers(PRIVATE_HEADERS);
  let added = 0;
  let error: string | undefined;
  if (wanted.length > 0) {
    const all = await addLinesToCart(
      request,
      wanted.map(({ merchandiseId, quantity }) => ({ merchandiseId, quantity })),
    );
    for (const cookie of all.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    if (all.result.ok) {
      added = wanted.length;
    } else {
      let current = withCartOf(request, all);
      for (const line of wanted) {
        const one = await addToCart(current, {
          merchandiseId: line.merchandiseId,
          quantity: line.quantity,
        });
        for (const cookie of one.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
        current = withCartOf(current, one);
        if (one.result.ok) added++;
        else
          refused.push({
            title: line.title,
            reason: one.result.error ?? "Le produit n'a pas pu être ajouté au panier.",
          });
      }
      if (added === 0) error = refused[0]?.reason;
    }
  }

  const result: ReorderResult = { intent: "reorder", added, refused, ...(error ? { error } : {}) };
  // The panel (a fetcher) reads the answer; a plain form goes back to the order with a notice.
  if (form.get("fetcher") === "1") return data(result, { headers });
  throw redirect(`${orderPathOf(order.id)}&ajoutes=${added}`, { headers });
}

export default function OrderPage() {
  const { order, notice, documents } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const message = notice ?? (answer && "intent" in answer ? reorderSummary(answer) : null);
  return (
    <div className="account-page">
      <OrderPageHeading
        name={order.name}
        message={message}
        summary={`Passée le ${formatOrderDate(order.processedAt)} · ${order.status}`}
      />
      <div className="account-order">
        <section className="account-card" aria-labelledby="articles-titre">
          <h2 id="articles-titre">Articles</h2>
          <ul className="reorder-lines">
            {order.lines.map((line) => (
              <OrderLineItem
                key={line.key}
                line={line}
                variant={line.variantTitle}
                status={
                  <>
                    {line.substitution && (
                      <span className="account-muted">{line.substitution}</span>
                    )}
                    {line.isProduct && !line.available && (
                      <span className="reorder-line__ko">Indisponible</span>
                    )}
                  </>
                }
                total={line.total}
              />
            ))}
          </ul>
          <dl className="account-totals">
            {order.subtotal && (
              <>
                <dt>Sous-total</dt>
                <dd>{order.subtotal}</dd>
              </>
            )}
            <dt>Livraison</dt>
            <dd>{order.shipping}</dd>
            {documents.vat.length > 0 ? (
              <VatRows documents={documents} />
            ) : (
              order.tax && (
                <>
                  <dt>Dont TVA</dt>
                  <dd>{order.tax}</dd>
                </>
              )
            )}
            {order.refunded && (
              <>
                <dt>Remboursé</dt>
                <dd>{order.refunded}</dd>
              </>
            )}
            <dt className="account-totals__total">Total</dt>
            <dd className="account-totals__total">{order.total}</dd>
          </dl>
          <ReorderButton orderPath={order.path} orderName={order.name} />
        </section>
        <section className="account-card" aria-labelledby="adresses-commande-titre">
          <h2 id="adresses-commande-titre">Adresses</h2>
          {order.slot && (
            <>
              <h3>{order.slot.modeLabel}</h3>
              <dl className="account-facts">
                {order.slot.storeName && (
                  <>
                    <dt>Magasin</dt>
                    <dd>
                      {order.slot.storeName}
                      {order.slot.storeAddress && (
                        <>
                          <br />
                          {order.slot.storeAddress}
                        </>
                      )}
                    </dd>
                  </>
                )}
                <dt>Créneau</dt>
                <dd>{order.slot.label}</dd>
              </dl>
            </>
          )}
          <GiftNote gift={order.gift} />
          <h3>Livraison</h3>
          {order.shippingAddress ? (
            <address>
              {order.shippingAddress.formatted.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
          ) : (
            <p>Retrait au comptoir</p>
          )}
          {order.billingAddress && (
            <>
              <h3>Facturation</h3>
              <address>
                {order.billingAddress.formatted.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </>
          )}
          {order.email && <p className="account-muted">Confirmation envoyée à {order.email}</p>}
        </section>
        <InvoiceLinks documents={documents} card="account-card" />
      </div>
      <div className="account-tabs__logout">
        <LogoutForm className="account-link">Se déconnecter</LogoutForm>
      </div>
    </div>
  );
}
