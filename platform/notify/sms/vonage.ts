import { Vonage } from "@vonage/server-sdk";
import { Hono } from "hono";
import type { Logger } from "pino";
import {
  type DeliveryReceipt,
  type SmsGateway,
  SmsGatewayError,
} from "#platform/notify/sms/gateway.ts";
import { smsEncoding } from "#platform/notify/sms/text.ts";

/**
 * The Vonage adapter of the SMS gateway port, through Vonage's official SDK
 * (`@vonage/server-sdk`, its SMS API: `POST {restHost}/sms/json`). Vonage concatenates a long
 * text itself and answers one message id per part; GSM-7 goes as `type=text`, anything else as
 * `type=unicode` (`text.ts` already refused more than 6 parts). Delivery receipts come back to
 * `statusWebhook` (mounted at `/api/webhooks/vonage/`), signed with the account's signature
 * secret as Vonage documents ("Signing requests"), checked with the SDK's `verifySignature`.
 */

/** Vonage's names of its signature methods (Dashboard → API settings → Signed webhooks). */
export const VONAGE_SIGNATURE_METHODS = ["md5hash", "md5", "sha1", "sha256", "sha512"] as const;
export type VonageSignatureMethod = (typeof VONAGE_SIGNATURE_METHODS)[number];

type Algorithm = Parameters<Vonage["sms"]["verifySignature"]>[3];
// The SDK's AlgorithmTypes values (the enum lives in @vonage/auth, which the SDK does not re-export).
const ALGORITHMS: Record<VonageSignatureMethod, Algorithm> = {
  md5hash: "MD5HASH" as Algorithm,
  md5: "MD5HMAC" as Algorithm,
  sha1: "SHA1HMAC" as Algorithm,
  sha256: "SHA256HMAC" as Algorithm,
  sha512: "SHA512HMAC" as Algorithm,
};

export type VonageGatewayOptions = {
  apiKey: string;
  apiSecret: string;
  /** The account's signature secret: delivery receipts are signed with it. */
  signatureSecret: string;
  signatureMethod: VonageSignatureMethod;
  /** The alphanumeric sender registered with Vonage (at most 11 characters). */
  sender: string;
  /** Where Vonage sends delivery receipts: `${PUBLIC_URL}/api/webhooks/vonage/status`. */
  statusCallbackUrl?: string;
  ratePerSecond: number;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** The SMS API's origin; Vonage's own (`https://rest.nexmo.com`) unless told otherwise. */
  restHost?: string;
  /** How long a submit may take before it counts as unanswered (tried again). */
  timeoutMs?: number;
  /** How old a signed receipt may be (its `timestamp`); replays beyond are refused. */
  maxReceiptAgeMs?: number;
  now?: () => Date;
};

export type VonageGateway = SmsGateway & {
  /** The delivery-receipt webhook: `GET|POST /status`, mounted under `/api/webhooks/vonage`. */
  statusWebhook: Hono;
};

// The SMS API's `status` values a later try may clear: throttled, Vonage's internal error, the
// account's quota (a top-up), too many connections, and credentials (an operator's fix).
const TEMPORARY_STATUSES = new Set(["1", "4", "5", "9", "10"]);

// Vonage's DLR `status` values that are final; `accepted` and `buffered` are not.
const RECEIPT_STATES: Record<string, DeliveryReceipt["status"]> = {
  delivered: "delivered",
  expired: "expired",
  failed: "failed",
  rejected: "failed",
  unknown: "failed",
};

type SentMessage = {
  status?: string;
  messageId?: string;
  errorText?: string;
};

/** Creates the gateway; nothing is opened before the first submit (HTTP). */
export function createVonageGateway(options: VonageGatewayOptions): VonageGateway {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const maxReceiptAgeMs = options.maxReceiptAgeMs ?? 5 * 60_000;
  const interval = 1000 / options.ratePerSecond;
  const vonage = new Vonage(
    { apiKey: options.apiKey, apiSecret: options.apiSecret },
    {
      ...(options.restHost ? { restHost: options.restHost.replace(/\/$/, "") } : {}),
      timeout: options.timeoutMs ?? 10_000,
    },
  );
  let nextSendAt = 0;
  let closed = false;
  let receiptListener: ((receipt: DeliveryReceipt) => Promise<void>) | null = null;

  async function paced() {
    const at = Math.max(Date.now(), nextSendAt);
    nextSendAt = at + interval;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  async function send(to: string, text: string): Promise<SentMessage[]> {
    try {
      const response = await vonage.sms.send({
        to: to.replace(/^\+/, ""),
        from: options.sender,
        text,
        ...(smsEncoding(text) === "ucs2" ? { type: "unicode" } : {}),
        ...(options.statusCallbackUrl ? { callback: options.statusCallbackUrl } : {}),
      } as Parameters<Vonage["sms"]["send"]>[0]);
      return (response.messages ?? []) as SentMessage[];
    } catch (error) {
      throw refusal(error);
    }
  }

  const statusWebhook = new Hono();
  statusWebhook.on(["GET", "POST"], "/status", async (c) => {
    const params: Record<string, string> = {};
    for (const [key, value] of new URL(c.req.url).searchParams) params[key] = value;
    if (c.req.method === "POST") {
      const type = c.req.header("content-type") ?? "";
      if (type.includes("application/json")) {
        const body = await c.req.json().catch(() => null);
        if (body && typeof body === "object") {
          for (const [key, value] of Object.entries(body)) {
            if (value !== null && value !== undefined) params[key] = String(value);
          }
        }
      } else {
        for (const [key, value] of Object.entries(await c.req.parseBody())) {
          if (typeof value === "string") params[key] = value;
        }
      }
    }
    const problem = signatureProblem(params);
    if (problem) {
      logger.warn({ reason: problem, messageId: params.messageId }, "Vonage receipt refused");
      return c.text("invalid signature", 401);
    }
    const receipt = receiptOf(params);
    if (receipt && receiptListener) await receiptListener(receipt);
    return c.body(null, 204);
  });

  /** Why a receipt is not Vonage's (a missing or wrong `sig`, a stale `timestamp`), or null. */
  function signatureProblem(params: Record<string, string>): string | null {
    const { sig } = params;
    if (!sig) return "unsigned receipt";
    let valid = false;
    try {
      valid = vonage.sms.verifySignature(
        sig,
        params,
        options.signatureSecret,
        ALGORITHMS[options.signatureMethod],
      );
    } catch {
      valid = false;
    }
    if (!valid) return "signature mismatch";
    const timestamp = Number(params.timestamp) * 1000;
    if (!Number.isFinite(timestamp) || Math.abs(now().getTime() - timestamp) > maxReceiptAgeMs) {
      return "stale or missing timestamp";
    }
    return null;
  }

  return {
    statusWebhook,
    async submit(sms, partAccepted) {
      if (closed) throw new SmsGatewayError("the Vonage gateway is closed", false);
      // Vonage took the whole text at an earlier attempt (its answer was stored part by part).
      if (sms.acknowledgedParts > 0) return;
      await paced();
      const messages = await send(sms.to, sms.text);
      const accepted = messages.filter((message) => message.status === "0" && message.messageId);
      if (accepted.length === 0) {
        throw new SmsGatewayError("Vonage answered without a message id", false);
      }
      for (const [index, message] of accepted.entries()) {
        await partAccepted(index, message.messageId as string);
      }
    },
    onReceipt(listener) {
      receiptListener = listener;
    },
    async close() {
      closed = true;
    },
  };
}

/** The port's error for what the SDK threw: a refusal in the answer, an HTTP status, no answer. */
function refusal(error: unknown): SmsGatewayError {
  if (error instanceof SmsGatewayError) return error;
  const failure = error as {
    name?: string;
    message?: string;
    response?: { status?: number; messages?: SentMessage[] };
  };
  const messages = Array.isArray(failure.response?.messages) ? failure.response.messages : null;
  if (messages) {
    // The SMS API answered 200 with a refusal (MessageSendAllFailure / MessageSendPartialFailure).
    const refused = messages.filter((message) => message.status !== "0");
    const first = refused[0];
    const status = first?.status ?? "";
    const partial = refused.length < messages.length;
    const text = `Vonage refused the message: status ${status} (${first?.errorText ?? "no reason"})`;
    // Some parts went out: sending the text again would repeat them to the reader.
    if (partial) return new SmsGatewayError(`${text}; other parts were sent`, true, Number(status));
    return new SmsGatewayError(text, !TEMPORARY_STATUSES.has(status), Number(status));
  }
  const httpStatus = failure.response?.status;
  if (typeof httpStatus === "number") {
    // 429 and 5xx: Vonage is busy or down; a 4xx is our request, and the same again would fail.
    const temporary = httpStatus === 429 || httpStatus >= 500 || httpStatus === 401;
    return new SmsGatewayError(`Vonage answered HTTP ${httpStatus}`, !temporary, httpStatus);
  }
  if (failure.name === "AbortError") {
    return new SmsGatewayError("Vonage did not answer in time", false);
  }
  return new SmsGatewayError(`Vonage unreachable: ${failure.message ?? String(error)}`, false);
}

/** The receipt a Vonage DLR carries, or null when its status is not final (accepted, buffered). */
export function receiptOf(params: Record<string, string>): DeliveryReceipt | null {
  const providerMessageId = params.messageId;
  const state = params.status?.toLowerCase() ?? "";
  const status = RECEIPT_STATES[state];
  if (!providerMessageId || !status) return null;
  const error = params["err-code"];
  return {
    providerMessageId,
    status,
    ...(status === "delivered"
      ? {}
      : { detail: `${state}${error && error !== "0" ? ` err-code:${error}` : ""}` }),
  };
}
