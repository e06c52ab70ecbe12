import { normalizeFrenchPhone } from "#platform/phone.ts";

/**
 * What an SMS is on the air, whatever the gateway: GSM-7 (the GSM 03.38 alphabet, 160 characters,
 * data_coding 0) when every character is in it, UCS-2 otherwise (70 characters, data_coding 8);
 * a longer text goes as concatenated parts, each carrying a 6-byte header (UDH) that leaves 153
 * GSM-7 characters or 67 UCS-2 ones. One character outside GSM-7 (ê, ç, ×, –, an emoji) halves
 * what a part holds; `€ [ ] { } ^ ~ | \` count twice in GSM-7 (an escape, then the character).
 */

export type SmsEncoding = "gsm7" | "ucs2";

/** Longer texts are refused: operators and handsets join few parts reliably, and each is paid. */
export const MAX_SMS_PARTS = 6;

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: each is sent as the escape 0x1B then this code. */
const GSM_EXTENSION: Record<string, number> = {
  "\f": 0x0a,
  "^": 0x14,
  "{": 0x28,
  "}": 0x29,
  "\\": 0x2f,
  "[": 0x3c,
  "~": 0x3d,
  "]": 0x3e,
  "|": 0x40,
  "€": 0x65,
};

const SINGLE = { gsm7: 160, ucs2: 70 } as const;
const CONCATENATED = { gsm7: 153, ucs2: 67 } as const;

/** The septets (GSM-7, one a byte, unpacked as SMPP carries them) of one character, or null. */
function gsmCodes(character: string): number[] | null {
  if (character === "\u001b") return null;
  const basic = GSM_BASIC.indexOf(character);
  if (basic >= 0) return [basic];
  const extension = GSM_EXTENSION[character];
  return extension === undefined ? null : [0x1b, extension];
}

export function smsEncoding(text: string): SmsEncoding {
  for (const character of text) if (!gsmCodes(character)) return "ucs2";
  return "gsm7";
}

export type SmsPayload = {
  encoding: SmsEncoding;
  /** SMPP's data_coding: 0 (the SMSC's default alphabet, GSM-7) or 8 (UCS-2). */
  dataCoding: 0 | 8;
  /** Each part's bytes, without the concatenation header. */
  parts: Buffer[];
};

/**
 * The text cut into parts. A part never ends inside an escape sequence or a UTF-16 surrogate
 * pair, so every part decodes on its own.
 */
export function smsPayload(text: string): SmsPayload {
  const encoding = smsEncoding(text);
  // One unit per GSM septet, or per UTF-16 code unit; characters as the reader sees them.
  const characters = [...text].map((character) =>
    encoding === "gsm7"
      ? Buffer.from(gsmCodes(character) ?? [])
      : Buffer.from(character, "utf16le").swap16(),
  );
  const unit = encoding === "gsm7" ? 1 : 2;
  const total = characters.reduce((sum, bytes) => sum + bytes.length / unit, 0);
  const perPart = total <= SINGLE[encoding] ? SINGLE[encoding] : CONCATENATED[encoding];
  const parts: Buffer[] = [];
  let current: Buffer[] = [];
  let length = 0;
  for (const bytes of characters) {
    const units = bytes.length / unit;
    if (length + units > perPart) {
      parts.push(Buffer.concat(current));
      current = [];
      length = 0;
    }
    current.push(bytes);
    length += units;
  }
  if (current.length > 0 || parts.length === 0) parts.push(Buffer.concat(current));
  return { encoding, dataCoding: encoding === "gsm7" ? 0 : 8, parts };
}

/** The 8-bit concatenation header of part `index` (from 0) of `total`, reference `reference`. */
export function concatenationHeader(reference: number, total: number, index: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, index + 1]);
}

/**
 * Calling codes of the countries `SMS_COUNTRIES` may name (ISO 3166 alpha-2): France with its
 * overseas departments, and France's neighbours.
 */
export const CALLING_CODES: Readonly<Record<string, readonly string[]>> = {
  FR: ["33", "262", "508", "590", "594", "596", "687", "689"],
  BE: ["32"],
  CH: ["41"],
  LU: ["352"],
  MC: ["377"],
  DE: ["49"],
  ES: ["34"],
  IT: ["39"],
  GB: ["44"],
  NL: ["31"],
  PT: ["351"],
};

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number in E.164 form: a French number as shoppers type it (platform/phone.ts), or an
 * international one written `+…` (spaces, dots and dashes allowed); null when it is neither.
 */
export function normaliseSmsNumber(input: string): string | null {
  const french = normalizeFrenchPhone(input);
  if (french) return french;
  const compact = input.trim().replace(/[\s.()-]/g, "");
  // +33 is metropolitan France's plan, whose numbers normalizeFrenchPhone knows: no other form.
  if (compact.startsWith("+33")) return null;
  return E164.test(compact) ? compact : null;
}

export type SmsRules = {
  /** ISO codes of the countries SMS may go to (`SMS_COUNTRIES`); every country when omitted. */
  countries?: readonly string[];
  maxParts?: number;
};

/** Whether an E.164 number is in one of `countries` (ISO codes); every number without a list. */
export function inSmsCountries(number: string, countries: readonly string[] | undefined): boolean {
  if (!countries) return true;
  return countries.some((country) =>
    (CALLING_CODES[country] ?? []).some((code) => number.startsWith(`+${code}`)),
  );
}

/** Why an SMS cannot be sent (in English, for the operators reading `last_error`), or null. */
export function smsRefusal(to: string, text: string, rules: SmsRules = {}): string | null {
  const number = normaliseSmsNumber(to);
  if (!number) return `malformed phone number ${JSON.stringify(to)}`;
  const { countries } = rules;
  if (countries && !inSmsCountries(number, countries)) {
    return `${number} is outside the countries SMS go to (${countries.join(", ")})`;
  }
  if (text.trim() === "") return "empty text";
  const maxParts = rules.maxParts ?? MAX_SMS_PARTS;
  const { parts, encoding } = smsPayload(text);
  if (parts.length > maxParts) {
    return `text too long: ${parts.length} ${encoding === "gsm7" ? "GSM-7" : "UCS-2"} parts, at most ${maxParts}`;
  }
  return null;
}
