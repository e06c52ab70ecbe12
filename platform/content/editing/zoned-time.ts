/**
 * Instants in a named time zone (Europe/Paris for the shop), without a time-zone library:
 * Contentful's `scheduledFor.datetime` is an ISO 8601 text with the zone's offset at that
 * instant (`2026-03-29T09:00:00.000+02:00`).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, found);
  }
  return found;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    format(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes the zone's clock is ahead of UTC at an instant (60 in a Paris winter, 120 in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as ISO 8601 in the zone: `2026-03-29T09:00:00.000+02:00`. */
export function zonedIso(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset < 0 ? "-" : "+";
  const absolute = Math.abs(offset);
  return `${local}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * The instant of an ISO 8601 date and time: with an offset (or `Z`) as it says; without one
 * (`2026-03-29T09:00`, what a date-and-time input gives) as that local time in the zone. A
 * local time the clocks skip in spring is read with the offset before the change. Null for a
 * text that is neither.
 */
export function parseZoned(text: string, timeZone: string): Date | null {
  if (WITH_OFFSET.test(text)) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
    const time = Date.parse(text);
    return Number.isNaN(time) ? null : new Date(time);
  }
  const match = LOCAL.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = "0", millis = "0"] = match;
  const naive = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(millis.padEnd(3, "0")),
  );
  if (Number.isNaN(naive)) return null;
  const guess = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  return new Date(naive - offsetMinutes(new Date(guess), timeZone) * 60_000);
}
