/**
 * The SMS gateway port: what the outbox's SMS worker (`delivery.ts`) needs from an operator's
 * gateway. One adapter per provider (`smpp.ts`), chosen once in `server/platform.ts`; without one
 * (`SMS_GATEWAY=outbox`) SMS stay in the outbox as the record.
 */

export type SmsToSend = {
  /** E.164, e.g. `+33612345678`. */
  to: string;
  text: string;
  /** The concatenation reference of a long message: the same for every attempt at it. */
  reference: number;
  /** Parts the gateway acknowledged at an earlier attempt: they are not sent again. */
  acknowledgedParts: number;
};

/** What a delivery receipt says of one message (or one part of a long one). */
export type DeliveryReceipt = {
  providerMessageId: string;
  status: "delivered" | "failed" | "expired";
  /** The provider's words for a failure (SMPP: its `stat` and `err`). */
  detail?: string;
};

/** A refusal by the gateway; `permanent` ones are not tried again. */
export class SmsGatewayError extends Error {
  readonly permanent: boolean;
  /** The provider's status code, e.g. SMPP's command_status 0x58 (ESME_RTHROTTLED). */
  readonly code: number | undefined;

  constructor(message: string, permanent: boolean, code?: number) {
    super(message);
    this.name = "SmsGatewayError";
    this.permanent = permanent;
    this.code = code;
  }
}

export type SmsGateway = {
  /**
   * Hands the SMS over, part after part, calling `partAccepted` with the provider's id once the
   * gateway acknowledged each part (and before the next is sent), so the caller can store it at
   * once. Resolves when every part is acknowledged; throws `SmsGatewayError` otherwise.
   */
  submit(
    sms: SmsToSend,
    partAccepted: (index: number, providerMessageId: string) => Promise<void>,
  ): Promise<void>;
  /** Where delivery receipts go; one listener. */
  onReceipt(listener: (receipt: DeliveryReceipt) => Promise<void>): void;
  /** Leaves the gateway (unbind) and stops reconnecting. */
  close(): Promise<void>;
};
