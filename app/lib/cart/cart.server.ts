import {
  CART_MESSAGES,
  type CartActionResult,
  type CartView,
  cartRestauration,
  kindsDiffer,
  RESTAURATION_ATTRIBUTE,
  RESTAURATION_TAG,
} from "#app/lib/cart/cart.ts";
import {
  CART_ATTRIBUTES_UPDATE_MUTATION,
  CART_CREATE_MUTATION,
  CART_DISCOUNT_CODES_UPDATE_MUTATION,
  CART_KIND_QUERY,
  CART_LINES_ADD_MUTATION,
  CART_LINES_REMOVE_MUTATION,
  CART_LINES_UPDATE_MUTATION,
  CART_MERCHANDISE_QUERY,
  CART_NOTE_UPDATE_MUTATION,
} from "#app/lib/cart/documents.ts";
import {
  type CartPayload,
  cartIdCookie,
  cartIdOf,
  fetchCart,
  toCartView,
} from "#app/lib/cart/read.server.ts";
import {
  catalogueQuery,
  StorefrontError,
  storefrontQuery,
  type TypedDocument,
} from "#app/lib/storefront.server.ts";
import { withSubstitution } from "#platform/substitution.ts";

/**
 * Changing the storefront's cart on the server (storefront.md §4, §7, §8): a typed client of the
 * commerce service's Storefront API cart, whose GID lives in the `cartId` cookie (reading it:
 * cart-read.server.ts). A change creates the cart
 * when there is none; a stored cart that cannot be fetched (unknown, ordered) is dropped and a
 * new one created, once. Errors follow §8: 'Erreur Shopify lors de la mise à jour du panier' for
 * top-level errors, else the first `userErrors` message.
 */

// ---------------------------------------------------------------------------------------------
// Changing

/** Expected failures (`userErrors`) and unexpected ones, in the spec's words. */
export class CartChangeError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.code = code;
  }
}

/** The outcome of a change: the cart after it, the cookies to set, or the error to show. */
export type CartChangeOutcome = {
  result: CartActionResult;
  headers: Headers;
};

/**
 * The cart a change runs on. Its kind is read first, with the lightest query that tells it; the
 * whole view only when the change needs it (a line's quantity, the codes in place), once.
 */
type Session = {
  id: string;
  /** What the cart's lines are: restauration (true), grocery (false), or none yet (null). */
  restauration: boolean | null;
  /**
   * Each variant's line attributes (its substitution choice): an add sends them, so that it
   * joins the variant's line (the API keeps lines with other attributes apart) and keeps them.
   */
  lineAttributes: ReadonlyMap<string, Attributes>;
  cart: () => Promise<CartView>;
};

type Attributes = { key: string; value: string }[];

function sessionOf(
  id: string,
  kind: { restauration: boolean | null; lineAttributes: ReadonlyMap<string, Attributes> },
  read: () => Promise<CartView>,
): Session {
  let view: Promise<CartView> | undefined;
  return {
    id,
    ...kind,
    cart: () => {
      view ??= read();
      return view;
    },
  };
}

/** The first line of each variant's attributes. */
function attributesByVariant(lines: readonly { variantId: string; attributes: Attributes }[]) {
  const byVariant = new Map<string, Attributes>();
  for (const line of lines) {
    if (!byVariant.has(line.variantId)) byVariant.set(line.variantId, line.attributes);
  }
  return byVariant;
}

/** A cart just made: its view is at hand. */
function newSession(cart: CartView): Session {
  const kind = {
    restauration: cartRestauration(cart),
    lineAttributes: attributesByVariant(cart.lines),
  };
  return sessionOf(cart.id, kind, async () => cart);
}

async function createCart(): Promise<CartView> {
  const data = await storefrontQuery(CART_CREATE_MUTATION, { input: {} });
  const created = data.cartCreate;
  if (!created?.cart) {
    throw new CartChangeError(
      created?.userErrors[0]?.message ?? CART_MESSAGES.shopifyError,
      created?.userErrors[0]?.code,
    );
  }
  return toCartView(created.cart);
}

/**
 * The kind of a stored cart's lines and their attributes by variant, or undefined when there is
 * no such cart.
 */
async function storedCartKind(
  id: string,
): Promise<Pick<Session, "restauration" | "lineAttributes"> | undefined> {
  const data = await storefrontQuery(CART_KIND_QUERY, { id });
  if (!data.cart) return undefined;
  const lines = data.cart.lines.nodes;
  const restauration =
    lines.length === 0
      ? null
      : lines.some(
          (line) =>
            "product" in line.merchandise &&
            line.merchandise.product.tags.includes(RESTAURATION_TAG),
        );
  const lineAttributes = attributesByVariant(
    lines.flatMap((line) =>
      "id" in line.merchandise
        ? [
            {
              variantId: line.merchandise.id,
              attributes: line.attributes.map(({ key, value }) => ({ key, value: value ?? "" })),
            },
          ]
        : [],
    ),
  );
  return { restauration, lineAttributes };
}

/** The stored cart, or a new one (once) when there is none or it cannot be fetched. */
async function openSession(request: Request, headers: Headers): Promise<Session> {
  const id = cartIdOf(request);
  const kind = id ? await storedCartKind(id) : undefined;
  if (id && kind !== undefined) {
    return sessionOf(id, kind, async () => {
      const cart = await fetchCart(id);
      if (!cart) throw new CartChangeError("Panier introuvable");
      return cart;
    });
  }
  const cart = await createCart();
  headers.append("Set-Cookie", cartIdCookie(request, cart.id));
  return newSession(cart);
}

/** Sends one cart mutation; its `userErrors` (`payload` picks them) become a `CartChangeError`. */
async function mutate<Result, Variables>(
  document: TypedDocument<Result, Variables>,
  payloadOf: (data: Result) => CartPayload,
  variables: Variables,
): Promise<CartView> {
  const payload = payloadOf(await storefrontQuery(document, variables));
  const [error] = payload?.userErrors ?? [];
  if (error) throw new CartChangeError(error.message, error.code);
  if (!payload?.cart) throw new CartChangeError(CART_MESSAGES.shopifyError);
  return toCartView(payload.cart, payload.warnings);
}

const CART_GONE = new Set(["Panier introuvable", "Ce panier a déjà été commandé"]);

/**
 * Runs a change on the visitor's cart (created when needed). When the cart vanished between the
 * read and the change (ordered in another tab), a new cart is created and the change run again,
 * once. Every failure is turned into the answer's `error`, in the spec's words.
 */
export async function changeCart(
  request: Request,
  run: (session: Session) => Promise<CartView | CartActionResult>,
  options: { failure?: string; success?: string } = {},
): Promise<CartChangeOutcome> {
  const headers = new Headers();
  let session: Session | null = null;
  try {
    session = await openSession(request, headers);
    let outcome: CartView | CartActionResult;
    try {
      outcome = await run(session);
    } catch (error) {
      if (!(error instanceof CartChangeError && CART_GONE.has(error.message))) throw error;
      const cart = await createCart();
      headers.append("Set-Cookie", cartIdCookie(request, cart.id));
      session = newSession(cart);
      outcome = await run(session);
    }
    if ("ok" in outcome) return { result: outcome, headers };
    return {
      result: { ok: true, cart: outcome, ...(options.success ? { message: options.success } : {}) },
      headers,
    };
  } catch (error) {
    const message =
      error instanceof CartChangeError
        ? error.message
        : error instanceof StorefrontError
          ? (options.failure ?? CART_MESSAGES.shopifyError)
          : (options.failure ?? CART_MESSAGES.shopifyError);
    if (!(error instanceof CartChangeError || error instanceof StorefrontError)) {
      console.error("cart change failed", error);
    }
    const cart = session ? await fetchCart(session.id).catch(() => null) : null;
    return { result: { ok: false, error: message, cart }, headers };
  }
}

type Merchandise = { id: string; availableForSale: boolean; restauration: boolean };

/**
 * A variant's kind, from the catalogue reads the storefront keeps (a product's tags are the same
 * for every visitor): a cart add asks the commerce service for the cart's lines and the change,
 * not for the product again. Whether it can still be bought is the commerce service's to say,
 * under the cart's lock.
 */
async function merchandiseOf(variantId: string): Promise<Merchandise | null> {
  const data = await catalogueQuery(CART_MERCHANDISE_QUERY, { id: variantId });
  const node = data.node;
  if (!node || !("id" in node) || !node.id || !node.product) return null;
  return {
    id: node.id,
    availableForSale: node.availableForSale === true,
    restauration: node.product.tags.includes(RESTAURATION_TAG),
  };
}

const VARIANT_GID = /^gid:\/\/shopify\/ProductVariant\/[^\s]+$/;

/**
 * Adds `quantity` units of a variant (storefront.md §4). Refuses a product of the other kind than
 * the cart's (the order-mode modal must run first), sets the cart's `restauration` attribute to
 * its kind, and leaves the cap to the commerce service (checked under the cart's lock).
 */
export async function addToCart(
  request: Request,
  line: { merchandiseId: string; quantity: number },
): Promise<CartChangeOutcome> {
  if (!VARIANT_GID.test(line.merchandiseId)) {
    return {
      result: { ok: false, error: CART_MESSAGES.unavailable, cart: null },
      headers: new Headers(),
    };
  }
  // Asked while the cart's kind is read, not after.
  const asked = merchandiseOf(line.merchandiseId);
  asked.catch(() => {});
  return changeCart(
    request,
    async ({ id, restauration, lineAttributes, cart }) => {
      const merchandise = await asked;
      if (!merchandise)
        throw new CartChangeError(CART_MESSAGES.unavailable, "INVALID_MERCHANDISE_LINE");
      if (kindsDiffer(restauration, merchandise.restauration)) {
        return {
          ok: false,
          error: CART_MESSAGES.otherKind,
          cart: await cart(),
          changeRestauration: { productIsRestauration: merchandise.restauration },
        } satisfies CartActionResult;
      }
      const attributes = lineAttributes.get(merchandise.id);
      let updated = await mutate(CART_LINES_ADD_MUTATION, (data) => data.cartLinesAdd, {
        cartId: id,
        lines: [
          {
            merchandiseId: merchandise.id,
            quantity: line.quantity,
            ...(attributes && { attributes }),
          },
        ],
      });
      const kind = String(merchandise.restauration);
      const attribute = updated.attributes.find((a) => a.key === RESTAURATION_ATTRIBUTE);
      if (attribute?.value !== kind) {
        updated = await mutate(
          CART_ATTRIBUTES_UPDATE_MUTATION,
          (data) => data.cartAttributesUpdate,
          {
            cartId: id,
            attributes: [{ key: RESTAURATION_ATTRIBUTE, value: kind }],
          },
        );
      }
      return updated;
    },
    { failure: CART_MESSAGES.addFailed, success: CART_MESSAGES.added },
  );
}

/** The line of a variant, or the line with this id. */
function findLine(cart: CartView, ref: { lineId?: string; variantId?: string }) {
  return cart.lines.find(
    (line) =>
      (ref.lineId !== undefined && line.id === ref.lineId) ||
      (ref.variantId !== undefined && line.variantId === ref.variantId),
  );
}

const MISSING_LINE = "Cette ligne n'existe pas dans le panier";

/** Sets a line's quantity to `next(current)`; at 0 or less the line is removed. */
function changeLineQuantity(
  request: Request,
  ref: { lineId?: string; variantId?: string },
  next: (current: number) => number,
  success: string,
): Promise<CartChangeOutcome> {
  return changeCart(
    request,
    async ({ id, cart }) => {
      const line = findLine(await cart(), ref);
      if (!line) throw new CartChangeError(MISSING_LINE, "INVALID_MERCHANDISE_LINE");
      const quantity = next(line.quantity);
      if (quantity <= 0) {
        return mutate(CART_LINES_REMOVE_MUTATION, (data) => data.cartLinesRemove, {
          cartId: id,
          lineIds: [line.id],
        });
      }
      return mutate(CART_LINES_UPDATE_MUTATION, (data) => data.cartLinesUpdate, {
        cartId: id,
        lines: [{ id: line.id, quantity }],
      });
    },
    { success },
  );
}

/** Sets a line's quantity; 0 removes it. */
export function updateLineQuantity(
  request: Request,
  ref: { lineId?: string; variantId?: string },
  quantity: number,
): Promise<CartChangeOutcome> {
  return changeLineQuantity(request, ref, () => quantity, CART_MESSAGES.updated);
}

/** Takes `units` (default 1) off a line; the line goes when it would reach 0 (storefront.md §4). */
export function removeFromCart(
  request: Request,
  ref: { lineId?: string; variantId?: string },
  units = 1,
): Promise<CartChangeOutcome> {
  return changeLineQuantity(request, ref, (current) => current - units, CART_MESSAGES.removed);
}

/**
 * Sets whether a line accepts a close substitute (platform/substitution.ts): its attributes with
 * the choice replaced, on the same line (`cartLinesUpdate`), its quantity untouched.
 */
export function setLineSubstitution(
  request: Request,
  ref: { lineId?: string; variantId?: string },
  accepted: boolean,
): Promise<CartChangeOutcome> {
  return changeCart(
    request,
    async ({ id, cart }) => {
      const line = findLine(await cart(), ref);
      if (!line) throw new CartChangeError(MISSING_LINE, "INVALID_MERCHANDISE_LINE");
      if (line.substitute === accepted) return cart();
      return mutate(CART_LINES_UPDATE_MUTATION, (data) => data.cartLinesUpdate, {
        cartId: id,
        lines: [{ id: line.id, attributes: withSubstitution(line.attributes, accepted) }],
      });
    },
    {
      success: accepted ? CART_MESSAGES.substituteAccepted : CART_MESSAGES.substituteRefused,
    },
  );
}

/** Empties the cart: every line, its note and its kind (before the add of another kind). */
export function emptyCart(request: Request): Promise<CartChangeOutcome> {
  return changeCart(
    request,
    async ({ id, cart }) => {
      let updated = await cart();
      if (updated.lines.length > 0) {
        updated = await mutate(CART_LINES_REMOVE_MUTATION, (data) => data.cartLinesRemove, {
          cartId: id,
          lineIds: updated.lines.map((line) => line.id),
        });
      }
      if (updated.attributes.some((a) => a.key === RESTAURATION_ATTRIBUTE)) {
        updated = await mutate(
          CART_ATTRIBUTES_UPDATE_MUTATION,
          (data) => data.cartAttributesUpdate,
          {
            cartId: id,
            attributes: [{ key: RESTAURATION_ATTRIBUTE, value: "" }],
          },
        );
      }
      return updated;
    },
    { success: CART_MESSAGES.emptied },
  );
}

export function updateNote(request: Request, note: string): Promise<CartChangeOutcome> {
  return changeCart(
    request,
    ({ id }) =>
      mutate(CART_NOTE_UPDATE_MUTATION, (data) => data.cartNoteUpdate, { cartId: id, note }),
    { success: CART_MESSAGES.noteSaved },
  );
}

/**
 * Replaces the cart's discount codes (codes trimmed, upper-cased, without duplicates). A code
 * entered now that does not apply (unknown, expired, not yet valid, minimum not reached, not
 * combinable) is refused rather than kept: the codes go back without it and the answer is the
 * service's reason, in French. Codes already in the cart stay, with their reason when they stop
 * applying.
 */
export function updateDiscountCodes(
  request: Request,
  codes: readonly string[],
): Promise<CartChangeOutcome> {
  const clean = [...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  const save = (id: string, discountCodes: string[]) =>
    mutate(CART_DISCOUNT_CODES_UPDATE_MUTATION, (data) => data.cartDiscountCodesUpdate, {
      cartId: id,
      discountCodes,
    });
  return changeCart(
    request,
    async ({ id, cart }): Promise<CartView | CartActionResult> => {
      const before = new Set((await cart()).discountCodes.map((entry) => entry.code.toUpperCase()));
      const saved = await save(id, clean);
      const refused = saved.discountCodes.filter(
        (entry) => !entry.applicable && !before.has(entry.code.toUpperCase()),
      );
      if (refused.length === 0) return saved;
      const kept = await save(
        id,
        clean.filter((code) => !refused.some((entry) => entry.code.toUpperCase() === code)),
      );
      const error = refused
        .map((entry) => entry.reason ?? CART_MESSAGES.codeRefused(entry.code))
        .join(" ");
      return { ok: false, error, cart: kept };
    },
    { success: CART_MESSAGES.codesSaved },
  );
}

/** Sets (or, with an empty value, removes) cart attributes by key. */
export function updateAttributes(
  request: Request,
  attributes: readonly { key: string; value: string }[],
): Promise<CartChangeOutcome> {
  return changeCart(request, ({ id }) =>
    mutate(CART_ATTRIBUTES_UPDATE_MUTATION, (data) => data.cartAttributesUpdate, {
      cartId: id,
      attributes: [...attributes],
    }),
  );
}

/**
 * Adds several lines at once (a reorder, a shopping list): one `cartLinesAdd`. Lines of the other
 * kind than the cart's, or of both kinds at once, are refused as a whole, like a single add
 * (`changeRestauration` then says which kind the lines are); the cart's `restauration` attribute
 * follows its lines.
 */
export function addLinesToCart(
  request: Request,
  lines: readonly { merchandiseId: string; quantity: number }[],
): Promise<CartChangeOutcome> {
  return changeCart(
    request,
    async ({ id, restauration, lineAttributes, cart }) => {
      const known = (
        await Promise.all(
          lines.map((line) =>
            VARIANT_GID.test(line.merchandiseId) ? merchandiseOf(line.merchandiseId) : null,
          ),
        )
      ).filter((merchandise): merchandise is Merchandise => merchandise !== null);
      const kinds = new Set(known.map((merchandise) => merchandise.restauration));
      const [kind] = kinds;
      if (kinds.size > 1 || (kind !== undefined && kindsDiffer(restauration, kind))) {
        return {
          ok: false,
          error: CART_MESSAGES.otherKind,
          cart: await cart(),
          changeRestauration: { productIsRestauration: kind ?? false },
        } satisfies CartActionResult;
      }
      let updated = await mutate(CART_LINES_ADD_MUTATION, (data) => data.cartLinesAdd, {
        cartId: id,
        lines: lines.map((line) => {
          const attributes = lineAttributes.get(line.merchandiseId);
          return attributes ? { ...line, attributes } : { ...line };
        }),
      });
      const attribute = updated.attributes.find((a) => a.key === RESTAURATION_ATTRIBUTE);
      if (kind !== undefined && attribute?.value !== String(kind)) {
        updated = await mutate(
          CART_ATTRIBUTES_UPDATE_MUTATION,
          (data) => data.cartAttributesUpdate,
          {
            cartId: id,
            attributes: [{ key: RESTAURATION_ATTRIBUTE, value: String(kind) }],
          },
        );
      }
      return updated;
    },
    { failure: CART_MESSAGES.addFailed, success: CART_MESSAGES.added },
  );
}
