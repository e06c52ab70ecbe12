import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  inSmsCountries,
  latestSmsFailedForGood,
  normaliseSmsNumber,
  queueSms,
  type SmsRules,
  smsRefusal,
} from "#platform/notify/index.ts";
import {
  type Customer,
  customerForPhone,
  hashSecret,
  issueCustomerToken,
} from "#platform/ordering/customers/customers.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import { orderingPhoneLoginCode } from "#platform/ordering/schema.ts";
import {
  type AttemptGuard,
  type AttemptRules,
  createAttemptGuard,
  frenchWait,
  type LimiterStore,
  type Refusal,
} from "#platform/rate-limit.ts";

/** The outbox kind of a login code's SMS. */
const PHONE_CODE_SMS_KIND = "phone_code";

/** A code works for 10 minutes, once, and not after 5 tries. */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** The SMS the shopper receives (spec: French texts). */
export function phoneCodeSms(code: string): string {
  return `Votre code Comptoir : ${code}. Il expire dans 10 minutes.`;
}

const MINUTE = 60;

/**
 * Code requests and code checks, per (phone, address) and per address, with a growing delay per
 * phone rather than a block. A request sends an SMS, so its delay grows from 30 seconds to 10
 * minutes (an attacker's codes are of no use to anyone: each is bound to its request id). A
 * check's grows from a second to a minute, on top of each code's own 5 tries.
 */
export const PHONE_LOGIN_RULES: Record<"requests" | "checks", AttemptRules> = {
  requests: {
    perAddress: { points: 20, durationSec: 60 * MINUTE },
    perSubjectAddress: { points: 5, durationSec: 60 * MINUTE },
    backoff: { free: 3, baseSec: 30, maxSec: 10 * MINUTE, windowSec: 60 * MINUTE },
    knownAddressSec: 20 * 24 * 60 * MINUTE,
  },
  checks: {
    perAddress: { points: 30, durationSec: 10 * MINUTE },
    perSubjectAddress: { points: 10, durationSec: 10 * MINUTE },
    // A code's five tries and one more run without waiting.
    backoff: { free: 6, baseSec: 1, maxSec: MINUTE, windowSec: 60 * MINUTE },
    knownAddressSec: 20 * 24 * 60 * MINUTE,
  },
};

export type PhoneLoginLimits = { requests: AttemptGuard; checks: AttemptGuard };

/** The guards of phone login, counting in `store` (process memory unless instances share one). */
export function phoneLoginLimits(options: { store?: LimiterStore } = {}): PhoneLoginLimits {
  return {
    requests: createAttemptGuard("phone-code-request", PHONE_LOGIN_RULES.requests, options.store),
    checks: createAttemptGuard("phone-code-check", PHONE_LOGIN_RULES.checks, options.store),
  };
}

/** Refuses with the wait, in French. */
function rateLimited(refusal: Refusal | undefined) {
  if (!refusal) return;
  const seconds = Math.ceil(refusal.retryAfterMs / 1000);
  throw new OrderingError("rate_limited", MESSAGES.rateLimited(frenchWait(refusal.retryAfterMs)), {
    RetryAfterSeconds: seconds,
  });
}

export type PhoneLoginContext = {
  db: Db;
  limits: PhoneLoginLimits;
  now: Date;
  /** The client's address, for the per-address limits. */
  clientIp: string;
  /** Makes the 6-digit code; random unless a test fixes it. */
  generateCode?: () => string;
  /** Where codes may be sent (`SMS_COUNTRIES`): France unless the server says otherwise. */
  smsRules?: SmsRules;
};

/** Today's shops sign in French numbers; `SMS_COUNTRIES` widens it (server/platform.ts). */
export const DEFAULT_PHONE_LOGIN_SMS_RULES: SmsRules = { countries: ["FR"] };

const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * Sends a 6-digit code by SMS (through the notify outbox) to a phone number of the countries SMS
 * go to. The answer's request id must come back with the code: the code is bound to it and to
 * the phone. A number that is malformed or outside those countries is refused before anything is
 * stored. When the previous code's SMS failed for good, its request does not count in the
 * phone's growing delay: the shopper may ask again at once (the per-address limits still apply).
 */
export async function requestPhoneLoginCode(
  context: PhoneLoginContext,
  phoneInput: string,
): Promise<{ requestId: string; phone: string; expiresAt: Date }> {
  const rules = context.smsRules ?? DEFAULT_PHONE_LOGIN_SMS_RULES;
  const phone = parsePhone(phoneInput);
  if (!inSmsCountries(phone, rules.countries)) {
    throw new OrderingError("phone_country_unsupported", MESSAGES.phoneCountryUnsupported, {
      Field: "PhoneNumber",
    });
  }
  const { limits, now } = context;
  if (await latestSmsFailedForGood(context.db, { kind: PHONE_CODE_SMS_KIND, to: phone })) {
    await limits.requests.forgive(phone);
  }
  rateLimited(await limits.requests.attempt(phone, context.clientIp));
  const code = (context.generateCode ?? randomCode)();
  const requestId = randomBytes(18).toString("base64url");
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS);
  await context.db.transaction(async (tx) => {
    await tx.insert(orderingPhoneLoginCode).values({
      id: requestId,
      phone,
      codeHash: codeHash(requestId, code),
      expiresAt,
      createdAt: now,
    });
    const sms = { kind: PHONE_CODE_SMS_KIND, to: phone, text: phoneCodeSms(code) };
    // Checked first: a refused SMS rolls the code back rather than storing a code never sent.
    const refusal = smsRefusal(sms.to, sms.text, rules);
    if (refusal) throw new OrderingError("sms_refused", MESSAGES.smsRefused, { Reason: refusal });
    await queueSms(tx, sms, rules);
  });
  return { requestId, phone, expiresAt };
}

/**
 * Signs a customer in with the code of a request: the phone must be the one the code was sent
 * to, the code unused, less than 10 minutes old, and within its 5 tries (a try is counted before
 * the code is compared, by a conditional update, so parallel guesses cannot exceed it). The
 * customer is created on first sign-in.
 */
export async function loginWithPhoneCode(
  context: PhoneLoginContext,
  input: { phone: string; requestId: string; code: string },
): Promise<{ token: string; customer: Customer }> {
  const phone = parsePhone(input.phone);
  const { db, now, limits, clientIp } = context;
  rateLimited(await limits.checks.attempt(phone, clientIp));
  const signedIn = await checkCode(db, phone, input, now);
  // The address proved it holds the phone: its checks are taken back and it is spared the
  // phone's delays from now on, for codes as for checks.
  await limits.checks.succeeded(phone, clientIp);
  await limits.requests.trust(phone, clientIp);
  return signedIn;
}

async function checkCode(
  db: Db,
  phone: string,
  input: { requestId: string; code: string },
  now: Date,
): Promise<{ token: string; customer: Customer }> {
  const [attempt] = await db
    .update(orderingPhoneLoginCode)
    .set({ attempts: sql`${orderingPhoneLoginCode.attempts} + 1` })
    .where(
      and(
        eq(orderingPhoneLoginCode.id, input.requestId),
        isNull(orderingPhoneLoginCode.usedAt),
        gt(orderingPhoneLoginCode.expiresAt, now),
        lt(orderingPhoneLoginCode.attempts, PHONE_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!attempt) throw await refusal(db, input.requestId, now);
  const matches =
    attempt.phone === phone && sameHash(attempt.codeHash, codeHash(input.requestId, input.code));
  if (!matches) throw new OrderingError("invalid_code", MESSAGES.invalidCode);

  return db.transaction(async (tx) => {
    const used = await tx
      .update(orderingPhoneLoginCode)
      .set({ usedAt: now })
      .where(and(eq(orderingPhoneLoginCode.id, attempt.id), isNull(orderingPhoneLoginCode.usedAt)))
      .returning({ id: orderingPhoneLoginCode.id });
    if (used.length === 0) throw new OrderingError("code_used", MESSAGES.codeUsed);
    const customer = await customerForPhone(tx, phone);
    if (customer.disabledAt)
      throw new OrderingError("customer_disabled", MESSAGES.customerDisabled);
    const token = await issueCustomerToken(tx, customer.id, now);
    return { token, customer };
  });
}

/** Why a code can no longer be tried. */
async function refusal(db: Db, requestId: string, now: Date): Promise<OrderingError> {
  const [row] = await db
    .select()
    .from(orderingPhoneLoginCode)
    .where(eq(orderingPhoneLoginCode.id, requestId));
  if (!row) return new OrderingError("invalid_code", MESSAGES.invalidCode);
  if (row.usedAt !== null) return new OrderingError("code_used", MESSAGES.codeUsed);
  if (row.expiresAt.getTime() <= now.getTime()) {
    return new OrderingError("code_expired", MESSAGES.codeExpired);
  }
  return new OrderingError("too_many_attempts", MESSAGES.tooManyAttempts);
}

function parsePhone(input: string): string {
  const phone = normaliseSmsNumber(input);
  if (!phone)
    throw new OrderingError("invalid_phone", MESSAGES.invalidPhone, { Field: "PhoneNumber" });
  return phone;
}

/** The code is hashed with its request id: the same code of another request never matches. */
function codeHash(requestId: string, code: string): string {
  return hashSecret(`${requestId}:${code.trim()}`);
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
