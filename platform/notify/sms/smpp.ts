import type { Logger } from "pino";
import smpp, { type PDU, type Session } from "smpp";
import {
  type DeliveryReceipt,
  type SmsGateway,
  SmsGatewayError,
  type SmsToSend,
} from "#platform/notify/sms/gateway.ts";
import { concatenationHeader, smsPayload } from "#platform/notify/sms/text.ts";

/**
 * The SMPP adapter of the SMS gateway port, with the `smpp` package: one link to the operator's
 * SMSC (SMPP 3.4), bound as transceiver (submits and delivery receipts on one link) or transmitter
 * (submits only: no receipts), kept alive with `enquire_link` and bound again after a loss with a
 * growing delay. Submits are paced to `ratePerSecond`; each part of a long message is a
 * `submit_sm` of its own with a concatenation header (UDH), in GSM-7 (data_coding 0) or UCS-2
 * (data_coding 8) as the text needs (`text.ts`).
 */

export type SmppGatewayOptions = {
  /** `smpp://host:2775`, or `ssmpp://host:3550` for TLS. */
  url: string;
  systemId: string;
  password: string;
  bind: "transceiver" | "transmitter";
  /** The alphanumeric sender the operator registered (at most 11 characters). */
  sender: string;
  ratePerSecond: number;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** How often the link is checked with `enquire_link`. */
  enquireLinkMs?: number;
  /** How long an answer (bind, submit, enquire_link) may take before the link counts as lost. */
  responseTimeoutMs?: number;
  /** How long a submit waits for a bound link before it fails (temporarily). */
  linkWaitMs?: number;
  /** The delay before binding again after a loss: from `first`, doubled each time, at most `longest`. */
  reconnectMs?: { first: number; longest: number };
};

export type SmppGateway = SmsGateway & {
  /** Resolves once the link is bound (at once when it is); rejects after `timeoutMs`. */
  whenBound(timeoutMs?: number): Promise<void>;
};

// command_status values the SMSC may answer for a while and then not: the message is tried again.
const TEMPORARY_STATUSES = new Set([
  0x04, // ESME_RINVBNDSTS: not bound (yet)
  0x08, // ESME_RSYSERR
  0x14, // ESME_RMSGQFUL
  0x45, // ESME_RSUBMITFAIL
  0x58, // ESME_RTHROTTLED
  0x64, // ESME_RX_T_APPN
  0xff, // ESME_RUNKNOWNERR
]);

const STATUS_NAMES = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

function statusName(status: number): string {
  const hex = `0x${status.toString(16).padStart(2, "0").toUpperCase()}`;
  return `${STATUS_NAMES.get(status) ?? "status"} (${hex})`;
}

// SMPP 3.4 message_state values and the receipt's `stat:` words, as final outcomes.
const STATES: Record<string, DeliveryReceipt["status"]> = {
  DELIVRD: "delivered",
  DELIVERED: "delivered",
  EXPIRED: "expired",
  UNDELIV: "failed",
  UNDELIVERABLE: "failed",
  REJECTD: "failed",
  REJECTED: "failed",
  DELETED: "failed",
  UNKNOWN: "failed",
};
const MESSAGE_STATES = [
  "",
  "ENROUTE",
  "DELIVERED",
  "EXPIRED",
  "DELETED",
  "UNDELIVERABLE",
  "ACCEPTED",
  "UNKNOWN",
  "REJECTED",
];

/** Creates the gateway and starts binding at once, so that receipts flow before any submit. */
export function createSmppGateway(options: SmppGatewayOptions): SmppGateway {
  const { logger } = options;
  const enquireLinkMs = options.enquireLinkMs ?? 30_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 10_000;
  const linkWaitMs = options.linkWaitMs ?? 10_000;
  const reconnect = options.reconnectMs ?? { first: 1000, longest: 60_000 };
  const interval = 1000 / options.ratePerSecond;

  let session: Session | null = null;
  let bound = false;
  let closed = false;
  let losses = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let nextSendAt = 0;
  let requests = 0;
  let receiptListener: ((receipt: DeliveryReceipt) => Promise<void>) | null = null;
  const waiters = new Set<{ resolve: () => void; reject: (error: Error) => void }>();
  // Submits waiting for their submit_sm_resp: failed (temporarily) when the link goes.
  const inFlight = new Map<number, (error: SmsGatewayError) => void>();

  const keepAlive = setInterval(() => {
    const current = session;
    if (!current || !bound) return;
    request(current, (callback) => current.enquire_link({}, callback)).catch(() => {
      logger.warn("SMPP link did not answer enquire_link: binding again");
      current.destroy();
    });
  }, enquireLinkMs);
  keepAlive.unref();

  /** Sends a request and resolves with its response PDU; rejects on timeout or link loss. */
  function request(current: Session, send: (callback: (pdu: PDU) => void) => boolean) {
    return new Promise<PDU>((resolve, reject) => {
      const key = ++requests;
      const timer = setTimeout(() => {
        inFlight.delete(key);
        reject(new SmsGatewayError("the SMSC did not answer in time", false));
        // An unanswered link is a dead link: drop it, the reconnect binds a fresh one.
        current.destroy();
      }, responseTimeoutMs);
      inFlight.set(key, (error) => {
        clearTimeout(timer);
        reject(error);
      });
      const sent = send((pdu) => {
        clearTimeout(timer);
        inFlight.delete(key);
        resolve(pdu);
      });
      if (!sent) {
        clearTimeout(timer);
        inFlight.delete(key);
        reject(new SmsGatewayError("the SMPP link is not writable", false));
      }
    });
  }

  function connect() {
    reconnectTimer = null;
    if (closed) return;
    const current = smpp.connect({ url: options.url });
    session = current;
    current.on("connect", () => {
      const credentials = {
        system_id: options.systemId,
        password: options.password,
        interface_version: 0x34,
      };
      const bindCommand =
        options.bind === "transceiver"
          ? (callback: (pdu: PDU) => void) => current.bind_transceiver(credentials, callback)
          : (callback: (pdu: PDU) => void) => current.bind_transmitter(credentials, callback);
      request(current, bindCommand).then(
        (pdu) => {
          if (pdu.command_status !== 0) {
            logger.error(
              { status: statusName(pdu.command_status), systemId: options.systemId },
              "SMPP bind refused",
            );
            current.destroy();
            return;
          }
          bound = true;
          losses = 0;
          logger.info({ bind: options.bind }, "SMPP link bound");
          for (const waiter of waiters) waiter.resolve();
          waiters.clear();
        },
        () => {},
      );
    });
    current.on("enquire_link", (pdu: PDU) => current.send(pdu.response()));
    current.on("deliver_sm", (pdu: PDU) => {
      current.send(pdu.response());
      const receipt = receiptIn(pdu);
      if (receipt && receiptListener) {
        receiptListener(receipt).catch((error: unknown) =>
          logger.error({ err: error }, "SMPP delivery receipt not recorded"),
        );
      }
    });
    current.on("unbind", (pdu: PDU) => {
      bound = false;
      current.send(pdu.response());
      current.close();
    });
    current.on("error", (error: Error) =>
      logger.warn({ reason: error.message }, "SMPP link error"),
    );
    current.on("close", () => {
      if (session !== current) return;
      session = null;
      bound = false;
      const lost = new SmsGatewayError("the SMPP link was lost before the SMSC answered", false);
      for (const fail of inFlight.values()) fail(lost);
      inFlight.clear();
      if (closed) return;
      const delay = Math.min(reconnect.first * 2 ** losses, reconnect.longest);
      losses++;
      logger.warn({ retryInMs: delay }, "SMPP link down");
      reconnectTimer = setTimeout(connect, delay);
    });
  }

  function whenBound(timeoutMs = linkWaitMs): Promise<void> {
    if (bound) return Promise.resolve();
    if (closed) return Promise.reject(new SmsGatewayError("the SMPP gateway is closed", false));
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new SmsGatewayError("the SMPP link is down", false));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  /** Waits for the next free slot of the configured rate. */
  async function paced() {
    const now = Date.now();
    const at = Math.max(now, nextSendAt);
    nextSendAt = at + interval;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  async function submitPart(sms: SmsToSend, fields: Record<string, unknown>): Promise<string> {
    await whenBound();
    await paced();
    const current = session;
    if (!current || !bound) throw new SmsGatewayError("the SMPP link is down", false);
    const response = await request(current, (callback) =>
      current.submit_sm(
        {
          // An alphanumeric sender (TON 5); the recipient in international form (TON 1, NPI 1).
          source_addr_ton: 5,
          source_addr_npi: 0,
          source_addr: options.sender,
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          destination_addr: sms.to.replace(/^\+/, ""),
          // A final receipt, on a link that can take it.
          registered_delivery: options.bind === "transceiver" ? 1 : 0,
          ...fields,
        },
        callback,
      ),
    );
    const status = response.command_status;
    if (status !== 0) {
      throw new SmsGatewayError(
        `the SMSC refused the message: ${statusName(status)}`,
        !TEMPORARY_STATUSES.has(status),
        status,
      );
    }
    const id = typeof response.message_id === "string" ? response.message_id : "";
    if (!id) throw new SmsGatewayError("the SMSC acknowledged without a message id", false);
    return id;
  }

  connect();

  return {
    whenBound,
    async submit(sms, partAccepted) {
      const { parts, dataCoding } = smsPayload(sms.text);
      for (let index = sms.acknowledgedParts; index < parts.length; index++) {
        const part = parts[index] as Buffer;
        const long = parts.length > 1;
        const id = await submitPart(sms, {
          data_coding: dataCoding,
          // 0x40: the message begins with a user data header (the part's place in the whole).
          esm_class: long ? 0x40 : 0,
          short_message: long
            ? Buffer.concat([concatenationHeader(sms.reference, parts.length, index), part])
            : part,
        });
        await partAccepted(index, id);
      }
    },
    onReceipt(listener) {
      receiptListener = listener;
    },
    async close() {
      closed = true;
      clearInterval(keepAlive);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      for (const waiter of waiters) waiter.reject(new SmsGatewayError("the gateway closed", false));
      waiters.clear();
      const current = session;
      if (!current) return;
      if (bound) {
        await request(current, (callback) => current.unbind({}, callback)).catch(() => {});
      }
      await new Promise<void>((resolve) => {
        if (current.socket.destroyed) resolve();
        else current.destroy(() => resolve());
      });
    },
  };
}

/** The receipt a deliver_sm carries (esm_class message type 0x04), or null (not one, not final). */
export function receiptIn(pdu: PDU): DeliveryReceipt | null {
  const esmClass = Number(pdu.esm_class ?? 0);
  if ((esmClass & 0x3c) !== 0x04) return null;
  const text = messageText(pdu.short_message) || messageText(pdu.message_payload);
  const tlvId = typeof pdu.receipted_message_id === "string" ? pdu.receipted_message_id : "";
  const providerMessageId = tlvId || /\bid:(\S+)/i.exec(text)?.[1];
  const state =
    typeof pdu.message_state === "number" && pdu.message_state > 0
      ? MESSAGE_STATES[pdu.message_state]
      : /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
  const status = state ? STATES[state] : undefined;
  if (!providerMessageId || !status) return null;
  const error = /\berr:(\w+)/i.exec(text)?.[1];
  return {
    providerMessageId,
    status,
    ...(status === "delivered" ? {} : { detail: `${state}${error ? ` err:${error}` : ""}` }),
  };
}

function messageText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Buffer.isBuffer(value)) return value.toString("latin1");
  if (value && typeof value === "object" && "message" in value) return messageText(value.message);
  return "";
}
