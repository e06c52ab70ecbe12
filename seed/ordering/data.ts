/**
 * The ordering service's demo data: three Paris stores, their delivery zones and slot settings,
 * the option sets of the menu and four vouchers. Constants only, so that tests and docs can name
 * them; `index.ts` writes them. Money is in cents.
 */

import type { OpeningHours, VoucherKind } from "#platform/ordering/tables.ts";

export type DemoStore = {
  storeId: number;
  physicalRestaurantId: number;
  name: string;
  address: { street: string; postcode: string; city: string };
  latitude: number;
  longitude: number;
  phone: string;
  deliveryFeeCents: number;
  offersDelivery: boolean;
  offersPickup: boolean;
  hours: OpeningHours;
  /** Menu sections whose items this store does not sell (per-store metadata `IsAvailable`). */
  unavailableSections: readonly string[];
};

const WORKDAY = [{ start: "10:00", end: "20:00" }];
/** Monday to Saturday 10:00–20:00, Sunday morning 10:00–13:00. */
const WEEK_HOURS: OpeningHours = {
  monday: WORKDAY,
  tuesday: WORKDAY,
  wednesday: WORKDAY,
  thursday: WORKDAY,
  friday: WORKDAY,
  saturday: WORKDAY,
  sunday: [{ start: "10:00", end: "13:00" }],
};
const PICKUP_DAY = [{ start: "11:00", end: "19:00" }];
/** The pickup point opens Monday to Saturday, 11:00–19:00. */
const PICKUP_POINT_HOURS: OpeningHours = {
  monday: PICKUP_DAY,
  tuesday: PICKUP_DAY,
  wednesday: PICKUP_DAY,
  thursday: PICKUP_DAY,
  friday: PICKUP_DAY,
  saturday: PICKUP_DAY,
};

/** The one menu every store sells from; per-store metadata says what a store does not offer. */
export const DEMO_MENU_ID = 4101;
export const DEMO_MENU_NAME = "La carte du Comptoir";

export const DEMO_STORES: readonly DemoStore[] = [
  {
    storeId: 1101,
    physicalRestaurantId: 2101,
    name: "Comptoir Haussmann",
    address: { street: "42 boulevard Haussmann", postcode: "75009", city: "Paris" },
    latitude: 48.873_792,
    longitude: 2.332_071,
    phone: "+33 1 42 68 10 10",
    deliveryFeeCents: 590,
    offersDelivery: true,
    offersPickup: true,
    hours: WEEK_HOURS,
    unavailableSections: [],
  },
  {
    storeId: 1102,
    physicalRestaurantId: 2102,
    name: "Comptoir Rive Gauche",
    address: { street: "18 rue du Bac", postcode: "75007", city: "Paris" },
    latitude: 48.857_246,
    longitude: 2.326_983,
    phone: "+33 1 45 48 20 20",
    deliveryFeeCents: 490,
    offersDelivery: true,
    offersPickup: true,
    hours: WEEK_HOURS,
    unavailableSections: [],
  },
  {
    storeId: 1103,
    physicalRestaurantId: 2103,
    name: "Point retrait Bastille",
    address: { street: "5 rue de la Roquette", postcode: "75011", city: "Paris" },
    latitude: 48.853_521,
    longitude: 2.370_937,
    phone: "+33 1 43 55 30 30",
    deliveryFeeCents: 0,
    offersDelivery: false,
    offersPickup: true,
    hours: PICKUP_POINT_HOURS,
    // A pickup point without a cold room: no caviar or smoked fish there.
    unavailableSections: ["Poissons fumés et caviar"],
  },
];

export type DemoZone = {
  storeId: number;
  name: string;
  isEnabled: boolean;
  postcodes: readonly string[];
  /** A delivery below this basket is refused; none when absent. */
  minimumOrderCents?: number;
  /** From this basket on, delivery is free; never when absent. */
  freeDeliveryThresholdCents?: number;
};

const paris = (...arrondissements: number[]) =>
  arrondissements.map((n) => `750${String(n).padStart(2, "0")}`);

/**
 * The inner suburbs ("proche banlieue") the shop delivers: the towns bordering Paris, each with
 * its postcode, north and east of the city from Haussmann, south and west from Rive Gauche. The
 * storefront names them on its pages (app/lib/content/shop-facts.ts) from the zones' postcodes.
 */
export const DEMO_SUBURBS = {
  rightBank: [
    "92200", // Neuilly-sur-Seine
    "92300", // Levallois-Perret
    "92110", // Clichy
    "93400", // Saint-Ouen-sur-Seine
    "93200", // Saint-Denis
    "93300", // Aubervilliers
    "93500", // Pantin
    "93310", // Le Pré-Saint-Gervais
    "93260", // Les Lilas
    "93170", // Bagnolet
    "93100", // Montreuil
    "94300", // Vincennes
    "94160", // Saint-Mandé
    "94220", // Charenton-le-Pont
  ],
  leftBank: [
    "92100", // Boulogne-Billancourt
    "92130", // Issy-les-Moulineaux
    "92170", // Vanves
    "92240", // Malakoff
    "92120", // Montrouge
    "94250", // Gentilly
    "94270", // Le Kremlin-Bicêtre
    "94200", // Ivry-sur-Seine
  ],
} as const;

/**
 * Paris and its bordering towns split between the two delivering stores: the right bank and the
 * northern and eastern suburbs from Haussmann, the left bank and the southern and western ones
 * from Rive Gauche. Haussmann's first zone is a disabled former one, listed first on purpose: the
 * zone a store uses is its first ENABLED one. Rive Gauche asks a minimum order and delivers free
 * from a threshold; Haussmann asks neither.
 */
export const DEMO_ZONES: readonly DemoZone[] = [
  {
    storeId: 1101,
    name: "Ancienne zone Opéra (fermée)",
    isEnabled: false,
    postcodes: paris(2, 8, 9),
  },
  {
    storeId: 1101,
    name: "Paris rive droite",
    isEnabled: true,
    postcodes: [
      ...paris(1, 2, 3, 4, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20),
      ...DEMO_SUBURBS.rightBank,
    ],
  },
  {
    storeId: 1102,
    name: "Paris rive gauche",
    isEnabled: true,
    postcodes: [...paris(5, 6, 7, 13, 14, 15), ...DEMO_SUBURBS.leftBank],
    minimumOrderCents: 3000,
    freeDeliveryThresholdCents: 8000,
  },
];

/** Slot settings of every store (Flipdish-like): one-hour slots, 2 h lead time, 7 days ahead. */
export const DEMO_SLOT_SETTINGS = {
  intervalMinutes: 60,
  leadTimeMinutes: 120,
  daysAhead: 7,
  deliveryCapacity: 6,
  pickupCapacity: 10,
} as const;

export type DemoOptionSet = {
  name: string;
  minSelectCount: number;
  maxSelectCount: number;
  /** The menu sections (catalogue categories) whose items offer this option set. */
  sections: readonly string[];
  items: readonly { name: string; priceCents: number }[];
};

export const DEMO_OPTION_SETS: readonly DemoOptionSet[] = [
  {
    name: "Accompagnement",
    minSelectCount: 1,
    maxSelectCount: 1,
    sections: ["Plats cuisinés"],
    items: [
      { name: "Purée maison", priceCents: 0 },
      { name: "Légumes de saison", priceCents: 0 },
      { name: "Riz pilaf", priceCents: 0 },
      { name: "Gratin dauphinois", priceCents: 250 },
    ],
  },
  {
    name: "Pain",
    minSelectCount: 0,
    maxSelectCount: 1,
    sections: ["Soupes et veloutés", "Poissons fumés et caviar"],
    items: [
      { name: "Pain de campagne", priceCents: 120 },
      { name: "Blinis (6 pièces)", priceCents: 350 },
    ],
  },
  {
    name: "Pour compléter",
    minSelectCount: 0,
    maxSelectCount: 2,
    sections: ["Sandwichs et snacking", "Entrées et salades"],
    items: [
      { name: "Chips artisanales", priceCents: 180 },
      { name: "Limonade bio 33 cl", priceCents: 290 },
      { name: "Cookie chocolat", priceCents: 250 },
    ],
  },
];

export type DemoVoucher = {
  voucherId: number;
  code: string;
  description: string;
  isEnabled: boolean;
  isAutomatic: boolean;
  expiresAt: Date | null;
  validOnOrdersOverCents: number;
  validForDelivery: boolean;
  validForPickup: boolean;
  /** `lump`: cents off; `percentage`: percent off. */
  kind: VoucherKind;
  amount: number;
};

export const DEMO_VOUCHERS: readonly DemoVoucher[] = [
  {
    voucherId: 5101,
    code: "BIENVENUE",
    description: "5 € offerts dès 30 € d'achat",
    isEnabled: true,
    isAutomatic: false,
    expiresAt: null,
    validOnOrdersOverCents: 3000,
    validForDelivery: true,
    validForPickup: true,
    kind: "lump",
    amount: 500,
  },
  {
    voucherId: 5102,
    code: "RETRAIT10",
    description: "10 % de remise sur les commandes à retirer",
    isEnabled: true,
    isAutomatic: false,
    expiresAt: null,
    validOnOrdersOverCents: 0,
    validForDelivery: false,
    validForPickup: true,
    kind: "percentage",
    amount: 10,
  },
  {
    voucherId: 5103,
    code: "ETE2025",
    description: "8 € offerts tout l'été 2025",
    isEnabled: true,
    isAutomatic: false,
    // The end of summer 2025 in Paris: expired.
    expiresAt: new Date("2025-08-31T21:59:59.000Z"),
    validOnOrdersOverCents: 4000,
    validForDelivery: true,
    validForPickup: true,
    kind: "lump",
    amount: 800,
  },
  {
    voucherId: 5104,
    code: "OFFERT3",
    description: "3 € déduits automatiquement dès 50 € d'achat",
    isEnabled: true,
    isAutomatic: true,
    expiresAt: null,
    validOnOrdersOverCents: 5000,
    validForDelivery: true,
    validForPickup: true,
    kind: "lump",
    amount: 300,
  },
];
