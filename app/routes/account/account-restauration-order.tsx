import { data, redirect, useActionData, useLoaderData } from "react-router";
import { OrderLineItem } from "#app/components/account/order-line.tsx";
import {
  type OrderLineView,
  type ReorderResult,
  reorderSummary,
} from "#app/components/account/order-view.ts";
import {
  formatOrderDate,
  OrderPageHeading,
  ReorderButton,
} from "#app/components/account/orders.tsx";
import checkoutStyles from "#app/components/checkout/checkout.css?url";
import { InvoiceLinks, VatRows } from "#app/components/checkout/order-documents.tsx";
import { OrderFacts } from "#app/components/checkout/order-summary.tsx";
import { ReceiptLink } from "#app/components/checkout/receipt-link.tsx";
import { accountDetails, PRIVATE_HEADERS, requireToken } from "#app/lib/account/account.server.ts";
import { AccountUnavailable } from "#app/lib/account/customer-api.server.ts";
import { clearedCustomerTokenCookie } from "#app/lib/account/customer-session.server.ts";
import { orderDocuments } from "#app/lib/account/invoices.server.ts";
import { restaurationOrderPathOf, restaurationOrdersOf } from "#app/lib/account/orders.server.ts";
import { addLinesToCart } from "#app/lib/cart/cart.server.ts";
import { productByHandle } from "#app/lib/catalogue/catalogue.server.ts";
import { ARCHIVE_TAG, localImageUrl, UNAVAILABLE_TAG } from "#app/lib/catalogue/product.ts";
import { modeLabel } from "#app/lib/checkout/checkout.ts";
import { restaurationView } from "#app/lib/checkout/confirmation.server.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { formatCents } from "#app/lib/format.ts";
import { productPath } from "#app/lib/links.ts";
import type { ShopAccountOrder } from "#app/lib/ordering/customer.server.ts";
import { pageUrl } from "#app/lib/page-url.ts";
import { serverContext } from "#app/lib/server-context.ts";
import accountStyles from "#app/styles/account.css?url";
import type { Route } from "./+types/account-restauration-order";

/**
 * /compte/commandes/traiteur/{OrderId}/ : a restauration order of the phone linked to the
 * signed-in account (« Lier ce numéro à mon compte » at the restauration checkout) — its dishes,
 * totals, slot, PDF receipt and invoice — and 'Commander à nouveau', which puts its dishes back
 * in the cart (their options are chosen again at the checkout). An order of another phone, or of
 * an account without a link, is a 404.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: checkoutStyles },
];

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

/** The order the URL names, if it is one of the signed-in account's linked phone. */
async function loadOrder(request: Request, param: string | undefined): Promise<ShopAccountOrder> {
  const token = requireToken(request);
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) notFound();
  let shopCustomerId: string;
  try {
    shopCustomerId = (await accountDetails(token)).id;
  } catch (cause) {
    if (!(cause instanceof AccountUnavailable)) throw cause;
    const url = pageUrl(request);
    throw redirect(`/compte/?redirect=${encodeURIComponent(url.pathname + url.search)}`, {
      headers: { "Set-Cookie": clearedCustomerTokenCookie(request) },
    });
  }
  const order = (await restaurationOrdersOf(shopCustomerId)).find(
    (candidate) => candidate.OrderId === Number(param),
  );
  if (!order) notFound();
  return order;
}

/** Each dish with the variant that buys it again, when its product is still for sale. */
async function dishesOf(order: ShopAccountOrder) {
  const handles = [...new Set(order.OrderItems.flatMap((item) => item.ProductHandle ?? []))];
  const products = new Map(
    await Promise.all(
      handles.map(async (handle) => [handle, (await productByHandle(handle))?.product] as const),
    ),
  );
  return order.OrderItems.map((item, index) => {
    const product = item.ProductHandle ? products.get(item.ProductHandle) : undefined;
    const variant = product?.variants.find((candidate) => candidate.availableForSale);
    const available = Boolean(
      product &&
        variant &&
        !product.tags.includes(ARCHIVE_TAG) &&
        !product.tags.includes(UNAVAILABLE_TAG),
    );
    const line: OrderLineView = {
      key: `${index}:${item.MenuItemId}`,
      title: item.Name,
      variantTitle: item.OrderItemOptions.map((option) => option.Name).join(", ") || null,
      quantity: item.Quantity,
      total: formatCents(Math.round(item.LineTotal * 100)),
      image: product?.featuredImage
        ? { ...product.featuredImage, url: localImageUrl(product.featuredImage.url) }
        : null,
      productPath: product ? productPath(product.handle) : null,
      isProduct: true,
      substitution: null,
      available,
    };
    return { line, merchandiseId: available ? (variant?.id ?? null) : null };
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const order = await loadOrder(request, params.orderId);
  const [dishes, documents] = await Promise.all([
    dishesOf(order),
    orderDocuments(context.get(serverContext).database, "restauration", order.OrderId),
  ]);
  const view = restaurationView(order, order.LinkKey);
  if (view.kind !== "restauration") notFound();
  return data(
    {
      documents,
      order: {
        ...view,
        path: restaurationOrderPathOf(order.OrderId),
        placedAt: order.PlacedTime,
        lines: dishes.map((dish) => dish.line),
      },
      notice:
        new URL(request.url).searchParams.get("ajoutes") === null
          ? null
          : reorderSummary({
              intent: "reorder",
              added: Number(new URL(request.url).searchParams.get("ajoutes")) || 0,
              refused: [],
            }),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** 'Commander à nouveau': the dishes still for sale go to the cart, in one change. */
export async function action({ request, params }: Route.ActionArgs) {
  const order = await loadOrder(request, params.orderId);
  const form = await request.formData();
  if (form.get("intent") !== "reorder") return data({ error: "Action inconnue" }, { status: 400 });
  const dishes = await dishesOf(order);
  const refused: ReorderResult["refused"] = dishes
    .filter((dish) => dish.merchandiseId === null)
    .map((dish) => ({ title: dish.line.title, reason: "Le produit est indisponible" }));
  const wanted = dishes.flatMap((dish) =>
    dish.merchandiseId ? [{ merchandiseId: dish.merchandiseId, quantity: dish.line.quantity }] : [],
  );
  const headers = new Headers(PRIVATE_HEADERS);
  let added = 0;
  let error: string | undefined;
  if (wanted.length > 0) {
    const outcome = await addLinesToCart(request, wanted);
    for (const cookie of outcome.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    if (outcome.result.ok) added = wanted.length;
    else error = outcome.result.error ?? "Les plats n'ont pas pu être ajoutés au panier.";
  }
  const result: ReorderResult = { intent: "reorder", added, refused, ...(error ? { error } : {}) };
  if (form.get("fetcher") === "1") return data(result, { headers });
  throw redirect(`${restaurationOrderPathOf(order.OrderId)}?ajoutes=${added}`, { headers });
}

export default function RestaurationOrderPage() {
  const { order, documents, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const message = notice ?? (answer && "intent" in answer ? reorderSummary(answer) : null);
  return (
    <div className="account-page">
      <OrderPageHeading
        name={order.name}
        message={message}
        summary={`Commande traiteur passée le ${formatOrderDate(order.placedAt)} · ${order.statusLabel}`}
      />
      <div className="account-order">
        <section className="account-card" aria-labelledby="articles-titre">
          <h2 id="articles-titre">Plats</h2>
          <ul className="reorder-lines">
            {order.lines.map((line) => (
              <OrderLineItem
                key={line.key}
                line={line}
                variant={line.variantTitle}
                status={!line.available && <span className="reorder-line__ko">Indisponible</span>}
                total={line.total}
              />
            ))}
          </ul>
          <dl className="account-totals">
            <dt>Sous-total</dt>
            <dd>{formatCents(order.subtotalCents)}</dd>
            {order.voucher && order.voucher.amountCents > 0 && (
              <>
                <dt>{order.voucher.code ? `Code promo ${order.voucher.code}` : "Remise"}</dt>
                <dd>-{formatCents(order.voucher.amountCents)}</dd>
              </>
            )}
            <dt>Frais de service</dt>
            <dd>{formatCents(order.serviceFeeCents)}</dd>
            {order.mode === 1 && (
              <>
                <dt>Frais de livraison</dt>
                <dd>{formatCents(order.deliveryFeeCents)}</dd>
              </>
            )}
            <VatRows documents={documents} />
            <dt className="account-totals__total">Total</dt>
            <dd className="account-totals__total">{formatCents(order.totalCents)}</dd>
          </dl>
          <ReorderButton orderPath={order.path} orderName={order.name} />
        </section>
        <section className="account-card" aria-labelledby="retrait-titre">
          <h2 id="retrait-titre">{modeLabel(order.mode)}</h2>
          <OrderFacts
            store={order.store}
            deliveryAddress={order.deliveryAddress}
            slot={order.slot}
          />
          <ReceiptLink orderId={order.orderId} linkKey={order.linkKey} />
          <InvoiceLinks documents={documents} />
        </section>
      </div>
    </div>
  );
}
