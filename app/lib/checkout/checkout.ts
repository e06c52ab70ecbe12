/**
 * The restauration checkout's shapes and pure helpers, shared by the server render and the
 * browser (docs/checkout.md): what the pages show, the French texts, the slot label, the French
 * phone check and the data-layer events of the checkout steps and the purchase.
 */

import { normalizeFrenchPhone } from "#platform/phone.ts";

/** The French texts of the checkout. */
export const CHECKOUT_ERRORS = {
  emptyCart: "Votre panier est vide.",
  notRestauration:
    "Votre panier contient des produits qui ne peuvent pas être commandés au traiteur. Retirez-les pour continuer.",
  modeMissing: "Choisissez un mode de commande, un magasin et un créneau.",
  invalidPhone:
    "Ce numéro de téléphone n'est pas valide. Saisissez un numéro français, par exemple 06 12 34 56 78.",
  invalidCode: "Saisissez les 6 chiffres du code reçu par SMS.",
  codeExpiredRequest: "Demandez un nouveau code.",
  nameRequired: "Indiquez votre nom.",
  invalidEmail: "Cette adresse e-mail n'est pas valide.",
  voucherRequired: "Saisissez un code promo.",
  signInRequired: "Connectez-vous avec votre numéro de téléphone pour payer.",
  profileRequired: "Indiquez votre nom et votre adresse e-mail avant de payer.",
  cardRequired: "Choisissez une carte enregistrée ou saisissez une nouvelle carte.",
  cardIncomplete: "Complétez le numéro, la date d'expiration et le code de sécurité de la carte.",
  mealVoucherIncomplete:
    "Complétez le numéro, la date d'expiration et le code de sécurité de la carte titres-restaurant.",
  notMealVoucher: "Cette carte n'est pas une carte titres-restaurant.",
  mealVoucherAsCard:
    "Une carte titres-restaurant ne règle que la part alimentaire : saisissez-la dans « Titres-restaurant » et payez le reste par carte bancaire.",
  slotFull: "Ce créneau est complet. Choisissez-en un autre.",
  failed: "Oops...Something went wrong",
  linkNeedsAccount: "Connectez-vous à votre compte Comptoir pour y lier ce numéro.",
} as const;

export type OptionSetView = {
  id: number;
  name: string;
  min: number;
  max: number;
  choices: { id: number; name: string; priceCents: number }[];
};

export type CheckoutLineView = {
  id: string;
  title: string;
  vendor: string;
  handle: string;
  productId: string;
  quantity: number;
  priceCents: number;
  compareAtCents: number | null;
  /** The ordering service's menu item, or null when the product cannot be ordered. */
  menuItemId: number | null;
  optionSets: OptionSetView[];
  /**
   * The chosen options of each unit of the dish (spec §3, formatedCart: options per unit): two
   * soups of one line may come with different breads. Empty when the dish has no option sets.
   */
  units: number[][];
};

export type CheckoutTotals = {
  subtotalCents: number;
  discountCents: number;
  voucher: { code: string | null; description: string; automatic: boolean } | null;
  serviceFeeCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  /** What titres-restaurant may pay of it: its food, not alcohol nor fees, at most 25 €. */
  mealVoucherEligibleCents: number;
  lines: {
    /** Unique within the order (its position). */
    key: string;
    menuItemId: number;
    name: string;
    quantity: number;
    options: string[];
    totalCents: number;
  }[];
};

export type CheckoutView = {
  lines: CheckoutLineView[];
  /** Why the order cannot be placed yet (French), empty when it can. */
  problems: string[];
  mode: 0 | 1 | 2;
  store: { name: string; address: string } | null;
  slotKey: string | null;
  deliveryAddress: string | null;
  isWrap: boolean;
  /** The code voucher applied, if any (the automatic one is in `totals.voucher`). */
  voucherCode: string | null;
  /** Why the stored code no longer applies. */
  voucherError: string | null;
  totals: CheckoutTotals | null;
};

/** The chosen options of a dish, checked against its sets; a required set gets its first choice. */
export function selectedChoices(
  sets: readonly OptionSetView[],
  wanted: readonly number[] | undefined,
): number[] {
  const selected: number[] = [];
  for (const set of sets) {
    const ids = set.choices.map((choice) => choice.id);
    const picked = (wanted ?? []).filter((id) => ids.includes(id)).slice(0, set.max);
    if (picked.length < set.min) {
      for (const id of ids) {
        if (picked.length >= set.min) break;
        if (!picked.includes(id)) picked.push(id);
      }
    }
    selected.push(...picked);
  }
  return selected;
}

/**
 * The key of a cart line in the options cookie and the checkout form: its number
 * (`gid://shopify/CartLine/12?cart=…` → `12`), which stays the same while the line is in the cart.
 */
export function lineKeyOf(lineId: string): string {
  return /CartLine\/(\d+)/.exec(lineId)?.[1] ?? lineId;
}

/**
 * The chosen options of each of `quantity` units, checked against the dish's sets: a unit keeps
 * what was chosen for it (`wanted[unit]`), a new one starts on the defaults. None without sets.
 */
export function unitChoices(
  sets: readonly OptionSetView[],
  wanted: readonly (readonly number[])[] | undefined,
  quantity: number,
): number[][] {
  if (sets.length === 0) return [];
  return Array.from({ length: quantity }, (_, unit) => selectedChoices(sets, wanted?.[unit]));
}

export type OrderItem = {
  MenuItemId: number;
  Quantity: number;
  MenuItemOptionSetItemIds: number[];
};

/**
 * The ordering service's order items for the lines: one per dish and distinct choice of options,
 * with how many units have it, in the order they first appear. Lines without a menu item are left
 * out (the checkout refuses them before).
 */
export function orderItemsOf(lines: readonly CheckoutLineView[]): OrderItem[] {
  const items: OrderItem[] = [];
  for (const line of lines) {
    if (line.menuItemId === null) continue;
    if (line.units.length === 0) {
      items.push({
        MenuItemId: line.menuItemId,
        Quantity: line.quantity,
        MenuItemOptionSetItemIds: [],
      });
      continue;
    }
    const byChoice = new Map<string, OrderItem>();
    for (const choices of line.units) {
      const ids = [...choices].sort((a, b) => a - b);
      const key = ids.join(",");
      const item = byChoice.get(key);
      if (item) item.Quantity += 1;
      else {
        const created = { MenuItemId: line.menuItemId, Quantity: 1, MenuItemOptionSetItemIds: ids };
        byChoice.set(key, created);
        items.push(created);
      }
    }
  }
  return items;
}

export type CardView = {
  id: number;
  description: string;
  expiry: string;
  /** A titres-restaurant card: offered for the food only, beside a bank card. */
  isMealVoucher: boolean;
};

/** `+33612345678` → `06 12 34 56 78`. */
export function nationalPhone(e164: string): string {
  if (!e164.startsWith("+33")) return e164;
  return `0${e164.slice(3)}`.replace(/(\d{2})(?=\d)/g, "$1 ");
}

/**
 * Spec §5: `+33` or `0033`, then a non-zero digit and four pairs of digits, separators allowed;
 * the national form with a leading 0 too, as French shoppers type it.
 */
export function isFrenchPhone(input: string): boolean {
  return normalizeFrenchPhone(input) !== null;
}

export function isEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim());
}

export function modeLabel(mode: number): string {
  return mode === 1 ? "Livraison" : mode === 2 ? "Retrait en magasin" : "Non choisi";
}

// --- Data layer (ordering-and-server.md §7 "Tracking") ---------------------------------------

/** One product of a checkout event, in the shape of the shop's other events (app/lib/privacy/tracking-events.ts). */
export type CheckoutTrackedItem = {
  index: number;
  item_id: string;
  item_name: string;
  item_brand: string;
  price: number;
  discount: number;
  quantity: number;
};

export type CheckoutEvent = {
  event: "checkout_step" | "purchase";
  category: "ecommerce";
  /** The step's name, or the order number for the purchase. */
  action: string;
  label: string;
  items: CheckoutTrackedItem[];
  step?: number;
  value?: number;
  transaction_id?: string;
  currency?: "EUR";
};

/** The labels of the checkout steps. */
export const CHECKOUT_STEPS = {
  1: "coordonnees",
  2: "paiement",
} as const;

export function checkoutItems(
  lines: readonly Pick<
    CheckoutLineView,
    "productId" | "title" | "vendor" | "priceCents" | "compareAtCents" | "quantity"
  >[],
): CheckoutTrackedItem[] {
  return lines.map((line, index) => ({
    index,
    item_id: line.productId,
    item_name: line.title,
    item_brand: line.vendor,
    price: line.priceCents / 100,
    discount:
      line.compareAtCents !== null && line.compareAtCents > line.priceCents
        ? (line.compareAtCents - line.priceCents) / 100
        : 0,
    quantity: line.quantity,
  }));
}

export function checkoutStepEvent(
  step: keyof typeof CHECKOUT_STEPS,
  items: CheckoutTrackedItem[],
): CheckoutEvent {
  return {
    event: "checkout_step",
    category: "ecommerce",
    action: CHECKOUT_STEPS[step],
    label: `etape-${step}`,
    step,
    items,
  };
}

export function purchaseEvent(
  order: { id: string; totalCents: number; kind: "restauration" | "epicerie" },
  items: CheckoutTrackedItem[],
): CheckoutEvent {
  return {
    event: "purchase",
    category: "ecommerce",
    action: order.id,
    label: order.kind,
    transaction_id: order.id,
    value: order.totalCents / 100,
    currency: "EUR",
    items,
  };
}

/**
 * Pushes a checkout event onto the data layer (browser only). With `onceKey`, only once per
 * browser tab (session storage), so a reload of the confirmation does not count a second sale.
 */
export function trackCheckout(event: CheckoutEvent, onceKey?: string): void {
  if (typeof window === "undefined") return;
  if (onceKey) {
    const key = `comptoir:tracked:${onceKey}`;
    try {
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, "1");
    } catch {
      // Storage refused (private mode): push anyway.
    }
  }
  const holder = window as Window & { dataLayer?: unknown[] };
  holder.dataLayer ??= [];
  holder.dataLayer.push(event);
}
