import { formatCents, formatTimeRange } from "#app/lib/format.ts";
import {
  addressLine,
  formattedSiret,
  legalLine,
  rcsOf,
  type ShopIdentity,
  sirenOf,
} from "#platform/shop-identity.ts";

/**
 * The facts the content states, rendered from data: the shop's identity (platform/shop-identity.ts)
 * and the ordering service's stores and delivery zones — the same the order-mode modal offers.
 * Content entries keep the prose and name a fact with a token, `{{pickup.stores}}`; the loaders
 * replace every token with its text (`fillFacts`), so an address, opening hours or a delivered
 * town is written in one place, the data, and no page can contradict the modal or the receipts
 * (docs/content.md, "Facts from data").
 */

/** What the pages need of a store (app/lib/ordering/ordering.server.ts's `Store`). */
export type FactStore = {
  name: string;
  address: { line1: string; postcode: string; city: string };
  phone: string | null;
  deliveryEnabled: boolean;
  pickupEnabled: boolean;
  /** Euros. */
  deliveryFee: number;
  /** Euros: a delivery below it is refused (0: no minimum). From the store's zone. */
  minimumOrder: number;
  /** Euros: delivery is free from it; null: never free. From the store's zone. */
  freeDeliveryOver: number | null;
  openingHours: { day: string; start: string; end: string }[];
  slotIntervalMinutes: number | null;
  leadTimeMinutes: number | null;
  latitude: number | null;
  longitude: number | null;
};

export type ShopFactsData = {
  identity: ShopIdentity;
  stores: FactStore[];
  /** The postcodes of each delivering store's zone (its first enabled one). */
  deliveredPostcodes: string[];
  serviceFeeCents: number;
};

/** Every token and its text. */
export type FactTexts = Record<string, string>;

const WEEK = [
  ["Monday", "lundi"],
  ["Tuesday", "mardi"],
  ["Wednesday", "mercredi"],
  ["Thursday", "jeudi"],
  ["Friday", "vendredi"],
  ["Saturday", "samedi"],
  ["Sunday", "dimanche"],
] as const;

/** The towns bordering Paris, by postcode: a delivered postcode is named after its town. */
export const BORDERING_TOWNS: Readonly<Record<string, string>> = {
  "92100": "Boulogne-Billancourt",
  "92110": "Clichy",
  "92120": "Montrouge",
  "92130": "Issy-les-Moulineaux",
  "92170": "Vanves",
  "92200": "Neuilly-sur-Seine",
  "92240": "Malakoff",
  "92300": "Levallois-Perret",
  "93100": "Montreuil",
  "93170": "Bagnolet",
  "93200": "Saint-Denis",
  "93260": "Les Lilas",
  "93300": "Aubervilliers",
  "93310": "Le Pré-Saint-Gervais",
  "93400": "Saint-Ouen-sur-Seine",
  "93500": "Pantin",
  "94160": "Saint-Mandé",
  "94200": "Ivry-sur-Seine",
  "94220": "Charenton-le-Pont",
  "94250": "Gentilly",
  "94270": "Le Kremlin-Bicêtre",
  "94300": "Vincennes",
};

/** `a`, `a ou b`, `a, b ou c` (or `et`). */
export function frenchList(items: readonly string[], last: "ou" | "et" = "et"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

export type HoursRow = { days: string; hours: string };

/**
 * A store's week as rows, consecutive days with the same hours together: `Du lundi au samedi`,
 * `10h00–20h00`; `Dimanche`, `10h00–13h00`; a day without hours is `Fermé`.
 */
export function openingHoursRows(periods: FactStore["openingHours"]): HoursRow[] {
  const byDay = WEEK.map(([english, french]) => ({
    french,
    hours:
      periods
        .filter((period) => period.day === english)
        .map((period) => formatTimeRange(period.start, period.end))
        .join(", ") || "Fermé",
  }));
  const rows: { first: string; last: string; hours: string }[] = [];
  for (const day of byDay) {
    const previous = rows.at(-1);
    if (previous?.hours === day.hours) previous.last = day.french;
    else rows.push({ first: day.french, last: day.french, hours: day.hours });
  }
  return rows.map((row) => ({
    days: row.first === row.last ? capitalise(row.first) : `Du ${row.first} au ${row.last}`,
    hours: row.hours,
  }));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The open days in a sentence: `du lundi au samedi, 10h00–20h00 ; le dimanche, 10h00–13h00`. */
export function openingHoursText(periods: FactStore["openingHours"]): string {
  return openingHoursRows(periods)
    .filter((row) => row.hours !== "Fermé")
    .map((row) => {
      const days = row.days.startsWith("Du ")
        ? `du ${row.days.slice(3)}`
        : `le ${row.days.toLowerCase()}`;
      return `${days}, ${row.hours}`;
    })
    .join(" ; ");
}

/** Stores grouped by their hours: `Comptoir Haussmann et Comptoir Rive Gauche : du lundi…`. */
function hoursByStore(stores: readonly FactStore[], fallback: string): string {
  const groups = new Map<string, string[]>();
  for (const store of stores) {
    const text = openingHoursText(store.openingHours);
    if (text === "") continue;
    groups.set(text, [...(groups.get(text) ?? []), store.name]);
  }
  if (groups.size === 0) return fallback;
  if (groups.size === 1) return [...groups.keys()][0] ?? fallback;
  return [...groups].map(([text, names]) => `${frenchList(names)} : ${text}`).join(". ");
}

/** `de deux heures`, `d'une heure`: "de" with its elision before a vowel. */
export function ofText(text: string): string {
  return /^[aeiouyéèh]/i.test(text) ? `d'${text}` : `de ${text}`;
}

/** `2 heures`, `1 heure`, `30 minutes`, `1 h 30`. */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest > 0) return `${hours} h ${String(rest).padStart(2, "0")}`;
  return hours === 1 ? "1 heure" : `${hours} heures`;
}

/** `une heure`, `deux heures`, `30 minutes`: how long a slot lasts, in words. */
function slotLengthText(minutes: number): string {
  if (minutes === 60) return "une heure";
  if (minutes === 120) return "deux heures";
  return durationText(minutes);
}

export const storeAddress = (store: Pick<FactStore, "address">) =>
  `${store.address.line1}, ${store.address.postcode} ${store.address.city}`;

/** The delivered towns outside Paris, by postcode: `Boulogne-Billancourt (92100)`. */
export function suburbNames(postcodes: readonly string[]): string[] {
  return [...new Set(postcodes)]
    .filter((postcode) => !postcode.startsWith("75"))
    .sort()
    .map((postcode) => {
      const town = BORDERING_TOWNS[postcode];
      return town ? `${town} (${postcode})` : postcode;
    });
}

const PARIS = Array.from({ length: 20 }, (_, i) => `750${String(i + 1).padStart(2, "0")}`);

/** Each token and its text, from the identity, the stores and the zones. */
export function factTexts(data: ShopFactsData): FactTexts {
  const { identity } = data;
  const pickup = data.stores.filter((store) => store.pickupEnabled);
  const delivering = data.stores.filter((store) => store.deliveryEnabled);
  const postcodes = [...new Set(data.deliveredPostcodes)];
  const parisCodes = PARIS.filter((code) => postcodes.includes(code));
  const suburbs = suburbNames(postcodes);
  const fees = delivering.map((store) => Math.round(store.deliveryFee * 100));
  const minFee = Math.min(...fees);
  const maxFee = Math.max(...fees);
  const leads = data.stores.flatMap((store) => store.leadTimeMinutes ?? []);
  const intervals = data.stores.flatMap((store) => store.slotIntervalMinutes ?? []);

  const texts: FactTexts = {
    "shop.tradeName": identity.tradeName,
    "shop.legalName": identity.legalName,
    "shop.legalForm": identity.legalForm,
    "shop.shareCapital": identity.shareCapital,
    "shop.address": addressLine(identity),
    "shop.rcs": rcsOf(identity),
    "shop.rcsCity": identity.rcsCity,
    "shop.siren": sirenOf(identity),
    "shop.siret": formattedSiret(identity),
    "shop.vatNumber": identity.vatNumber,
    "shop.email": identity.email,
    "shop.phone": identity.phone,
    "shop.publicationDirector": identity.publicationDirector,
    "shop.legalLine": legalLine(identity),

    "pickup.names":
      pickup.length > 0
        ? frenchList(
            pickup.map((store) => store.name),
            "ou",
          )
        : "nos magasins",
    "pickup.stores":
      pickup.length > 0
        ? frenchList(
            pickup.map((store) => `${store.name} (${storeAddress(store)})`),
            "ou",
          )
        : "nos magasins",
    "pickup.hours": hoursByStore(pickup, "aux horaires d'ouverture de nos magasins"),
    "delivery.hours": hoursByStore(delivering, "aux horaires d'ouverture de nos magasins"),
    "delivery.area":
      parisCodes.length === 0 && suburbs.length === 0
        ? "à Paris"
        : suburbs.length > 0
          ? "à Paris et en proche banlieue"
          : "à Paris",
    "delivery.paris":
      parisCodes.length === PARIS.length
        ? "les 20 arrondissements de Paris"
        : parisCodes.length > 0
          ? `Paris (${frenchList(parisCodes)})`
          : "Paris",
    "delivery.suburbs": suburbs.length > 0 ? frenchList(suburbs) : "aucune commune hors de Paris",
    "delivery.fees":
      fees.length === 0
        ? "indiqués avant le paiement"
        : minFee === maxFee
          ? `de ${formatCents(minFee)}`
          : `de ${formatCents(minFee)} à ${formatCents(maxFee)} selon votre adresse`,
    "delivery.thresholds": thresholdsText(delivering),
    "order.leadTime": leads.length > 0 ? durationText(Math.max(...leads)) : "quelques heures",
    "slot.length": ofText(
      intervals.length > 0 ? slotLengthText(Math.min(...intervals)) : "une heure",
    ),
    "order.serviceFee": formatCents(data.serviceFeeCents),
  };
  return texts;
}

/**
 * Each delivering store's minimum order and free-delivery threshold: « sans minimum de commande »
 * when no store asks one nor offers delivery, else store by store.
 */
function thresholdsText(delivering: readonly FactStore[]): string {
  const termsOf = (store: FactStore) =>
    [
      store.minimumOrder > 0
        ? `minimum de commande ${formatCents(Math.round(store.minimumOrder * 100))}`
        : "sans minimum de commande",
      store.freeDeliveryOver !== null
        ? `livraison offerte dès ${formatCents(Math.round(store.freeDeliveryOver * 100))}`
        : null,
    ]
      .filter(Boolean)
      .join(", ");
  const terms = delivering.map(termsOf);
  if (terms.every((text) => text === "sans minimum de commande")) return "sans minimum de commande";
  return delivering.map((store, index) => `${store.name} : ${terms[index]}`).join(" ; ");
}

const TOKEN = /\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g;

/** A text with its tokens replaced; an unknown token stays as written, for editors to see. */
export function fillText(text: string, texts: FactTexts): string {
  // Most texts hold no token: skip the pattern for them.
  if (!text.includes("{{")) return text;
  return text.replace(TOKEN, (token, name: string) => texts[name] ?? token);
}

/** Any JSON-like value (an entry's fields, a page's data) with the tokens of its texts replaced. */
export function fillFacts<T>(value: T, texts: FactTexts): T {
  if (typeof value === "string") return fillText(value, texts) as T;
  if (Array.isArray(value)) return value.map((item) => fillFacts(item, texts)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillFacts(item, texts)]),
    ) as T;
  }
  return value;
}

const filled = new WeakMap<object, WeakMap<FactTexts, unknown>>();

/**
 * `fillFacts` of a value kept as the same object until it changes (a cached content entry, a
 * shaped footer), made once per pair with the kept fact texts, which are themselves one object
 * per kept read: a page's render reuses the filled copy instead of walking the value again.
 */
export function fillFactsOnce<T extends object>(value: T, texts: FactTexts): T {
  let byTexts = filled.get(value);
  if (!byTexts) {
    byTexts = new WeakMap();
    filled.set(value, byTexts);
  }
  let result = byTexts.get(texts) as T | undefined;
  if (result === undefined) {
    result = fillFacts(value, texts);
    byTexts.set(texts, result);
  }
  return result;
}
