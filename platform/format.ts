/**
 * How the shop prints prices, times, time ranges and dates: one formatter per kind, used by the
 * storefront (server render and browser alike), the emails and the PDF receipts, so every page
 * and document prints the same characters (docs/formats.md).
 *
 * - A price: `12,60 €`, a comma, two decimals, a no-break space (U+00A0) before the euro sign and
 *   between thousands (`1 234,56 €`), so a price never breaks across two lines. U+00A0 rather
 *   than the narrow U+202F: the receipts' PDF fonts (WinAnsi) have the first, not the second.
 * - A unit price: `12,60 €/kg`.
 * - A time: `9h30`, `19h00` (hours without a leading zero, always the minutes).
 * - A time range: `19h00–20h00` (an en dash, no spaces).
 * - A date: `mardi 24 novembre 2026`; a slot: `mardi 24 novembre 2026, 12h00–13h00`.
 *
 * Times and instants are shown in the shop's time zone (Europe/Paris), whatever the machine's.
 */

/** The no-break space between a number and its unit, and between thousands. */
export const NBSP = "\u00a0";

const TIME_ZONE = "Europe/Paris";

/** A money amount as the Storefront API carries it (`MoneyV2.amount`, a decimal string). */
export type MoneyAmount = string | number;

/** Whole cents of an API amount: `"12.5"` → 1250. Anything unreadable counts as 0. */
export function toCents(amount: MoneyAmount | null | undefined): number {
  const value = typeof amount === "number" ? amount : Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** The number part of a price: `123456` → `1 234,56` (no-break spaces between thousands). */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(Math.round(cents));
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${whole},${String(absolute % 100).padStart(2, "0")}`;
}

/** A price: `1250` → `12,50 €`, `123456` → `1 234,56 €` (no-break spaces). */
export function formatCents(cents: number): string {
  return `${formatAmount(cents)}${NBSP}€`;
}

/** A price from an API amount: `"12.5"` → `12,50 €`. */
export function formatMoney(amount: MoneyAmount | null | undefined): string {
  return formatCents(toCents(amount));
}

/** A price per unit: `(1260, "kg")` → `12,60 €/kg`. */
export function formatUnitPrice(cents: number, unit: string): string {
  return `${formatCents(cents)}/${unit.trim()}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One `Intl.DateTimeFormat` per set of options: building one costs more than using it. */
function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("fr-FR", options);
    formatters.set(key, format);
  }
  return format;
}

/** The day of an instant in Paris, `YYYY-MM-DD` (a day-long validity ends at Paris midnight). */
export function parisDay(instant: Date): string {
  const parts = dateTimeFormat({
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The hours and minutes of an instant in Paris, as numbers. */
function parisClock(instant: Date): { hours: number; minutes: number } {
  const parts = dateTimeFormat({
    timeZone: TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hours: part("hour"), minutes: part("minute") };
}

/**
 * A time: `"19:00"` → `19h00`, `"09:30"` → `9h30`; an instant is read in Paris time. A text
 * that is not `HH:MM` comes back as it is.
 */
export function formatTime(time: string | Date): string {
  if (time instanceof Date) {
    const { hours, minutes } = parisClock(time);
    return `${hours}h${String(minutes).padStart(2, "0")}`;
  }
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return time;
  return `${Number(match[1])}h${match[2]}`;
}

/** A time range: `("19:00", "20:00")` → `19h00–20h00` (en dash, no spaces). */
export function formatTimeRange(start: string | Date, end: string | Date): string {
  return `${formatTime(start)}–${formatTime(end)}`;
}

export type DateOptions = {
  /** The weekday first (`mardi 24 novembre`); default true. */
  weekday?: boolean;
  /** The year last (`24 novembre 2026`); default true. */
  year?: boolean;
};

/**
 * A date: `mardi 24 novembre 2026`. A calendar day (`YYYY-MM-DD`, or an ISO text starting with
 * one) is printed as that day; an instant as its day in Paris. An unreadable text comes back as
 * it is.
 */
export function formatDate(date: string | Date, options: DateOptions = {}): string {
  const fields: Intl.DateTimeFormatOptions = {
    ...(options.weekday === false ? {} : { weekday: "long" }),
    day: "numeric",
    month: "long",
    ...(options.year === false ? {} : { year: "numeric" }),
  };
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) return "";
    return dateTimeFormat({ ...fields, timeZone: TIME_ZONE }).format(date);
  }
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (day) {
    const calendarDay = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return dateTimeFormat({ ...fields, timeZone: "UTC" }).format(calendarDay);
  }
  const instant = new Date(date);
  return Number.isNaN(instant.getTime()) ? date : formatDate(instant, options);
}

/** A moment: `22 novembre 2026 à 9h15` (Paris time). */
export function formatDateTime(instant: Date): string {
  return `${formatDate(instant, { weekday: false })} à ${formatTime(instant)}`;
}

/**
 * An ordering slot from its key (`2026-11-24 12:00-13:00`, Paris time):
 * `mardi 24 novembre 2026, 12h00–13h00`. A key in another shape comes back as it is.
 */
export function formatSlot(key: string, options: DateOptions = {}): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(key.trim());
  if (!match) return key;
  const [, day = "", start = "", end = ""] = match;
  return `${formatDate(day, options)}, ${formatTimeRange(start, end)}`;
}

/** A slot's hours from its key: `2026-11-24 12:00-13:00` → `12h00–13h00`. */
export function formatSlotHours(key: string): string {
  const match = /(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(key.trim());
  return match ? formatTimeRange(match[1] ?? "", match[2] ?? "") : key;
}

/**
 * A slot between two instants: `mardi 24 novembre 2026, 12h00–13h00` (Paris time), spelled by
 * `formatSlot` from the key the two instants make, so that a slot reads the same whether the
 * code holds its key or its instants.
 */
export function formatSlotBetween(start: Date, end: Date): string {
  const clock = (instant: Date) => {
    const { hours, minutes } = parisClock(instant);
    return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
  };
  return formatSlot(`${parisDay(start)} ${clock(start)}-${clock(end)}`);
}
