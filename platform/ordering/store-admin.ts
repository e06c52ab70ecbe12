import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { DeliveryZone, Store } from "#platform/ordering/restaurants.ts";
import {
  type OpeningHours,
  type OrderingMode,
  orderingDeliveryZone,
  orderingStore,
  orderingStoreClosure,
  type TimeRange,
  type Weekday,
} from "#platform/ordering/schema.ts";
import {
  type CalendarSlot,
  changeSlot,
  localDay,
  type SlotChange,
  SlotChangeError,
  slotCalendar,
} from "#platform/ordering/slots.ts";

/**
 * What the admin area's store and slot screens change (`/middleware/stores/`, `/middleware/slots/`):
 * a store's modes, hours and slot settings, its closures and holidays, its delivery zones. Every
 * input is checked here and refused whole with a French message (`StoreSettingsError`); the
 * changes answer their before and after for the change log, which the screens write.
 */

export type StoreClosure = typeof orderingStoreClosure.$inferSelect;

export class StoreSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoreSettingsError";
  }
}

export const WEEKDAYS: readonly Weekday[] = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: "Lundi",
  tuesday: "Mardi",
  wednesday: "Mercredi",
  thursday: "Jeudi",
  friday: "Vendredi",
  saturday: "Samedi",
  sunday: "Dimanche",
};

export async function listStores(db: Db): Promise<Store[]> {
  return db.select().from(orderingStore).orderBy(asc(orderingStore.name), asc(orderingStore.id));
}

export type StoreDetail = { store: Store; zones: DeliveryZone[]; closures: StoreClosure[] };

/** A store with all its zones and its closures that end today or later. */
export async function storeDetail(db: Db, storeId: number, now: Date): Promise<StoreDetail | null> {
  const [store] = await db.select().from(orderingStore).where(eq(orderingStore.id, storeId));
  if (!store) return null;
  const [zones, closures] = await Promise.all([
    db
      .select()
      .from(orderingDeliveryZone)
      .where(eq(orderingDeliveryZone.storeId, storeId))
      .orderBy(asc(orderingDeliveryZone.position), asc(orderingDeliveryZone.id)),
    db
      .select()
      .from(orderingStoreClosure)
      .where(
        and(
          eq(orderingStoreClosure.storeId, storeId),
          gte(orderingStoreClosure.endDay, localDay(now)),
        ),
      )
      .orderBy(asc(orderingStoreClosure.startDay), asc(orderingStoreClosure.id)),
  ]);
  return { store, zones, closures };
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * One weekday's opening ranges from their text, `10:00-13:00, 14:00-19:00` (empty: closed).
 * Ranges end after they start and do not overlap; they are kept in time order.
 */
export function parseDayHours(text: string, dayLabel: string): TimeRange[] {
  const parts = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const ranges = parts.map((part) => {
    const [start = "", end = ""] = part.split(/\s*[-–à]\s*/).map((time) => time.replace("h", ":"));
    if (!TIME.test(start) || !TIME.test(end)) {
      throw new StoreSettingsError(
        `${dayLabel} : « ${part} » n'est pas une plage horaire (par exemple 10:00-13:00).`,
      );
    }
    if (minutes(end) <= minutes(start)) {
      throw new StoreSettingsError(`${dayLabel} : la plage ${part} finit avant de commencer.`);
    }
    return { start, end };
  });
  ranges.sort((a, b) => minutes(a.start) - minutes(b.start));
  for (let i = 1; i < ranges.length; i++) {
    const previous = ranges[i - 1] as TimeRange;
    const range = ranges[i] as TimeRange;
    if (minutes(range.start) < minutes(previous.end)) {
      throw new StoreSettingsError(`${dayLabel} : les plages horaires se chevauchent.`);
    }
  }
  return ranges;
}

/** A weekday's ranges as the form shows them. */
export function dayHoursText(ranges: TimeRange[] | undefined): string {
  return (ranges ?? []).map((range) => `${range.start}-${range.end}`).join(", ");
}

export type StoreSettingsInput = {
  address: string;
  postcode: string;
  city: string;
  phone: string;
  /** Cents: the delivery fee of zones without their own. */
  deliveryFeeCents: number;
  deliveryEnabled: boolean;
  pickupEnabled: boolean;
  deliveryCapacity: number;
  pickupCapacity: number;
  slotIntervalMinutes: number;
  slotLeadMinutes: number;
  slotDaysAhead: number;
  /** Per weekday, its ranges' text (`parseDayHours`). */
  hours: Partial<Record<Weekday, string>>;
};

type StoreSettings = Pick<
  Store,
  | "address"
  | "postcode"
  | "city"
  | "phone"
  | "deliveryFeeCents"
  | "deliveryEnabled"
  | "pickupEnabled"
  | "deliveryCapacity"
  | "pickupCapacity"
  | "slotIntervalMinutes"
  | "slotLeadMinutes"
  | "slotDaysAhead"
  | "openingHours"
>;

function settingsOf(store: Store): StoreSettings {
  return {
    address: store.address,
    postcode: store.postcode,
    city: store.city,
    phone: store.phone,
    deliveryFeeCents: store.deliveryFeeCents,
    deliveryEnabled: store.deliveryEnabled,
    pickupEnabled: store.pickupEnabled,
    deliveryCapacity: store.deliveryCapacity,
    pickupCapacity: store.pickupCapacity,
    slotIntervalMinutes: store.slotIntervalMinutes,
    slotLeadMinutes: store.slotLeadMinutes,
    slotDaysAhead: store.slotDaysAhead,
    openingHours: store.openingHours,
  };
}

function wholeNumber(value: number, label: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new StoreSettingsError(`${label} : saisissez un nombre entier entre ${min} et ${max}.`);
  }
  return value;
}

/** Changes a store's modes, capacities, slot settings and opening hours, all or nothing. */
export async function updateStoreSettings(
  db: Db,
  storeId: number,
  input: StoreSettingsInput,
): Promise<{ before: StoreSettings; after: StoreSettings }> {
  const openingHours: OpeningHours = {};
  for (const day of WEEKDAYS) {
    const ranges = parseDayHours(input.hours[day] ?? "", WEEKDAY_LABELS[day]);
    if (ranges.length > 0) openingHours[day] = ranges;
  }
  const address = input.address.trim();
  const postcode = input.postcode.trim();
  const city = input.city.trim();
  if (address === "" || city === "") {
    throw new StoreSettingsError("Indiquez l'adresse et la ville du magasin.");
  }
  if (!/^\d{5}$/.test(postcode)) {
    throw new StoreSettingsError("Le code postal du magasin compte 5 chiffres.");
  }
  const after: StoreSettings = {
    address: address.slice(0, 200),
    postcode,
    city: city.slice(0, 100),
    phone: input.phone.trim() === "" ? null : input.phone.trim().slice(0, 30),
    deliveryFeeCents: wholeNumber(input.deliveryFeeCents, "Frais de livraison", 0, 1_000_000),
    deliveryEnabled: input.deliveryEnabled,
    pickupEnabled: input.pickupEnabled,
    deliveryCapacity: wholeNumber(input.deliveryCapacity, "Capacité en livraison", 0, 1000),
    pickupCapacity: wholeNumber(input.pickupCapacity, "Capacité en retrait", 0, 1000),
    slotIntervalMinutes: wholeNumber(input.slotIntervalMinutes, "Durée d'un créneau", 5, 480),
    slotLeadMinutes: wholeNumber(input.slotLeadMinutes, "Délai de préparation", 0, 10080),
    slotDaysAhead: wholeNumber(input.slotDaysAhead, "Jours proposés", 1, 60),
    openingHours,
  };
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select()
      .from(orderingStore)
      .where(eq(orderingStore.id, storeId))
      .for("update");
    if (!store) throw new StoreSettingsError("Ce magasin est introuvable.");
    await tx
      .update(orderingStore)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(orderingStore.id, storeId));
    return { before: settingsOf(store), after };
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(day: string, label: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (
    !DAY.test(day) ||
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 10) !== day
  ) {
    throw new StoreSettingsError(`${label} : saisissez une date valide.`);
  }
  return day;
}

export type ClosureInput = {
  startDay: string;
  /** Empty or missing: the start day only. */
  endDay?: string;
  mode: OrderingMode | null;
  label: string;
};

/** Adds an exceptional closure or a public holiday: no slot is offered on its days. */
export async function addClosure(
  db: Db,
  storeId: number,
  input: ClosureInput,
  now: Date,
): Promise<StoreClosure> {
  const startDay = validDay(input.startDay.trim(), "Premier jour");
  const endDay = input.endDay?.trim() ? validDay(input.endDay.trim(), "Dernier jour") : startDay;
  if (endDay < startDay) {
    throw new StoreSettingsError("Le dernier jour de la fermeture est avant le premier.");
  }
  if (endDay < localDay(now)) {
    throw new StoreSettingsError("Cette fermeture est entièrement passée.");
  }
  const label = input.label.trim();
  if (label === "")
    throw new StoreSettingsError("Donnez un motif à la fermeture (par exemple Noël).");
  if (label.length > 100) throw new StoreSettingsError("Le motif ne dépasse pas 100 caractères.");
  const [store] = await db
    .select({ id: orderingStore.id })
    .from(orderingStore)
    .where(eq(orderingStore.id, storeId));
  if (!store) throw new StoreSettingsError("Ce magasin est introuvable.");
  const [closure] = await db
    .insert(orderingStoreClosure)
    .values({ storeId, startDay, endDay, mode: input.mode, label })
    .returning();
  if (!closure) throw new Error("The closure was not stored");
  return closure;
}

/** Removes a closure of the store; null when there is none with this id. */
export async function removeClosure(
  db: Db,
  storeId: number,
  closureId: number,
): Promise<StoreClosure | null> {
  const [closure] = await db
    .delete(orderingStoreClosure)
    .where(and(eq(orderingStoreClosure.id, closureId), eq(orderingStoreClosure.storeId, storeId)))
    .returning();
  return closure ?? null;
}

export type ZoneInput = {
  name: string;
  isEnabled: boolean;
  /** Postcodes separated by commas, spaces or lines. */
  postcodes: string;
  radiusMetres: number | null;
  /** Cents; null: the store's delivery fee. */
  feeCents: number | null;
  minimumOrderCents: number;
  freeDeliveryThresholdCents: number | null;
  position: number;
};

type ZoneSettings = Omit<ZoneInput, "postcodes"> & { postcodes: string[] };

function zoneSettings(input: ZoneInput): ZoneSettings {
  const postcodes = [
    ...new Set(
      input.postcodes
        .split(/[\s,;]+/)
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
  const bad = postcodes.find((code) => !/^\d{5}$/.test(code));
  if (bad) throw new StoreSettingsError(`« ${bad} » n'est pas un code postal (5 chiffres).`);
  if (postcodes.length === 0 && input.radiusMetres === null) {
    throw new StoreSettingsError("Indiquez au moins un code postal ou un rayon de livraison.");
  }
  const cents = (value: number | null, label: string) =>
    value === null ? null : wholeNumber(value, label, 0, 1_000_000);
  return {
    name: input.name.trim().slice(0, 100),
    isEnabled: input.isEnabled,
    postcodes,
    radiusMetres:
      input.radiusMetres === null
        ? null
        : wholeNumber(input.radiusMetres, "Rayon de livraison", 1, 200_000),
    feeCents: cents(input.feeCents, "Frais de livraison"),
    minimumOrderCents: cents(input.minimumOrderCents, "Minimum de commande") ?? 0,
    freeDeliveryThresholdCents: cents(input.freeDeliveryThresholdCents, "Livraison offerte dès"),
    position: wholeNumber(input.position, "Ordre", 0, 1000),
  };
}

function zoneSettingsOf(zone: DeliveryZone): ZoneSettings {
  return {
    name: zone.name,
    isEnabled: zone.isEnabled,
    postcodes: zone.postcodes,
    radiusMetres: zone.radiusMetres,
    feeCents: zone.feeCents,
    minimumOrderCents: zone.minimumOrderCents,
    freeDeliveryThresholdCents: zone.freeDeliveryThresholdCents,
    position: zone.position,
  };
}

/** Creates a zone (`zoneId` null) or changes one of the store's zones. */
export async function saveZone(
  db: Db,
  storeId: number,
  zoneId: number | null,
  input: ZoneInput,
): Promise<{ zone: DeliveryZone; before: ZoneSettings | null; after: ZoneSettings }> {
  const after = zoneSettings(input);
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: orderingStore.id })
      .from(orderingStore)
      .where(eq(orderingStore.id, storeId));
    if (!store) throw new StoreSettingsError("Ce magasin est introuvable.");
    if (zoneId === null) {
      const [zone] = await tx
        .insert(orderingDeliveryZone)
        .values({ storeId, ...after })
        .returning();
      if (!zone) throw new Error("The zone was not stored");
      return { zone, before: null, after };
    }
    const where = and(
      eq(orderingDeliveryZone.id, zoneId),
      eq(orderingDeliveryZone.storeId, storeId),
    );
    const [current] = await tx.select().from(orderingDeliveryZone).where(where).for("update");
    if (!current) throw new StoreSettingsError("Cette zone de livraison est introuvable.");
    const [zone] = await tx
      .update(orderingDeliveryZone)
      .set({ ...after, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!zone) throw new Error("The zone was not stored");
    return { zone, before: zoneSettingsOf(current), after };
  });
}

/** Deletes one of the store's zones; null when there is none with this id. */
export async function deleteZone(
  db: Db,
  storeId: number,
  zoneId: number,
): Promise<DeliveryZone | null> {
  const [zone] = await db
    .delete(orderingDeliveryZone)
    .where(and(eq(orderingDeliveryZone.id, zoneId), eq(orderingDeliveryZone.storeId, storeId)))
    .returning();
  return zone ?? null;
}

export type StoreCalendar = {
  store: Store;
  mode: OrderingMode;
  slots: CalendarSlot[];
};

/** The coming days' slots of one store in one mode, for the slot calendar; null: no such store. */
export async function storeSlotCalendar(
  db: Db,
  storeId: number,
  mode: OrderingMode,
  now: Date,
): Promise<StoreCalendar | null> {
  const [store] = await db.select().from(orderingStore).where(eq(orderingStore.id, storeId));
  if (!store) return null;
  return { store, mode, slots: await slotCalendar(db, store, mode, now) };
}

/** The coming days' slots of every store in both modes, for the slot calendar. */
export async function slotCalendars(db: Db, now: Date): Promise<StoreCalendar[]> {
  const stores = await listStores(db);
  const calendars: StoreCalendar[] = [];
  for (const store of stores) {
    for (const mode of [1, 2] as const) {
      calendars.push({ store, mode, slots: await slotCalendar(db, store, mode, now) });
    }
  }
  return calendars;
}

/**
 * Staff close or reopen one slot of the calendar, or change its capacity (`null`: the store's
 * again), never below what is booked (`changeSlot`). The slot must be one the calendar shows.
 */
export async function changeCalendarSlot(
  db: Db,
  slot: { storeId: number; mode: OrderingMode; start: Date },
  change: SlotChange,
  now: Date,
): Promise<{ store: Store; key: string } & Awaited<ReturnType<typeof changeSlot>>> {
  const [store] = await db.select().from(orderingStore).where(eq(orderingStore.id, slot.storeId));
  if (!store) throw new SlotChangeError("Ce magasin est introuvable.");
  const found = (await slotCalendar(db, store, slot.mode, now)).find(
    (candidate) => candidate.start.getTime() === slot.start.getTime(),
  );
  if (!found) throw new SlotChangeError("Ce créneau n'est plus proposé.");
  const result = await changeSlot(db, slot, change);
  return { store, key: found.key, ...result };
}
