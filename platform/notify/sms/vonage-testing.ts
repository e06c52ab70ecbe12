import { createHash, createHmac } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { smsPayload } from "#platform/notify/sms/text.ts";
import type { VonageSignatureMethod } from "#platform/notify/sms/vonage.ts";

/**
 * A stand-in of Vonage's SMS API on 127.0.0.1 and a random port, for the official SDK pointed at
 * it with `restHost`: `POST /sms/json` checks the account's Basic credentials, records the
 * request as Vonage reads it, and answers as Vonage documents (HTTP 200 with one entry per part
 * and a per-part `status`), or as the test says (a refusal status, an HTTP error). It also signs
 * delivery receipts the way Vonage does, for tests of the webhook.
 */

export type VonageSubmit = {
  from: string;
  to: string;
  text: string;
  type: string | undefined;
  callback: string | undefined;
  /** The ids the stand-in answered (one per part), when it accepted the message. */
  messageIds: string[];
};

/** What the next submit gets: accepted, a Vonage refusal `status`, or an HTTP error status. */
export type VonageAnswer =
  | { accept: true }
  | { status: string; errorText: string }
  | { http: number };

export type VonageStandIn = {
  restHost: string;
  apiKey: string;
  apiSecret: string;
  submits: VonageSubmit[];
  /** Answers for the next submits, in order; then every submit is accepted. */
  answerNext(...answers: VonageAnswer[]): void;
  close(): Promise<void>;
};

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  if ((request.headers["content-type"] ?? "").includes("application/json")) {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startVonageStandIn(): Promise<VonageStandIn> {
  const apiKey = "a1b2c3d4";
  const apiSecret = "Secret0fTheStandIn";
  const submits: VonageSubmit[] = [];
  const answers: VonageAnswer[] = [];
  let sequence = 0;

  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "POST" || request.url?.split("?")[0] !== "/sms/json") {
      reply(404, { type: "about:blank", title: "Not found" });
      return;
    }
    const body = await bodyOf(request);
    const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString("base64")}`;
    if (request.headers.authorization !== expected) {
      reply(200, {
        "message-count": "1",
        messages: [{ status: "4", "error-text": "Bad Credentials" }],
      });
      return;
    }
    const text = String(body.text ?? "");
    const submit: VonageSubmit = {
      from: String(body.from ?? ""),
      to: String(body.to ?? ""),
      text,
      type: body.type === undefined ? undefined : String(body.type),
      callback: body.callback === undefined ? undefined : String(body.callback),
      messageIds: [],
    };
    submits.push(submit);
    const answer = answers.shift() ?? { accept: true };
    if ("http" in answer) {
      reply(answer.http, { type: "about:blank", title: `HTTP ${answer.http}` });
      return;
    }
    if ("status" in answer) {
      reply(200, {
        "message-count": "1",
        messages: [{ status: answer.status, "error-text": answer.errorText }],
      });
      return;
    }
    const parts = smsPayload(text).parts.length;
    const messages = Array.from({ length: parts }, () => {
      sequence++;
      const id = `1A0000000000${String(sequence).padStart(4, "0")}`;
      submit.messageIds.push(id);
      return {
        to: submit.to,
        "message-id": id,
        status: "0",
        "remaining-balance": "12.50",
        "message-price": "0.07",
        network: "20801",
      };
    });
    reply(200, { "message-count": String(parts), messages });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    restHost: `http://127.0.0.1:${port}`,
    apiKey,
    apiSecret,
    submits,
    answerNext(...next) {
      answers.push(...next);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Signs a delivery receipt as Vonage does ("Signing requests"): every parameter but `sig`,
 * sorted by name, each written `&name=value` with `&` and `=` in values replaced by `_`; then
 * the secret appended and MD5-hashed (`md5hash`), or an HMAC keyed with the secret (the others).
 */
export function signVonageParams(
  params: Record<string, string>,
  secret: string,
  method: VonageSignatureMethod,
): Record<string, string> {
  const query = Object.keys(params)
    .filter((key) => key !== "sig")
    .sort()
    .map((key) => `&${key}=${(params[key] ?? "").replace(/[&=]/g, "_")}`)
    .join("");
  const sig =
    method === "md5hash"
      ? createHash("md5")
          .update(query + secret)
          .digest("hex")
      : createHmac(method, secret).update(query).digest("hex");
  return { ...params, sig };
}

/** A delivery receipt as Vonage sends it for `messageId`, signed (unless `secret` is null). */
export function vonageReceipt(
  fields: { messageId: string; status: string; errCode?: string; to?: string; at: Date },
  secret: string,
  method: VonageSignatureMethod,
): Record<string, string> {
  const seconds = Math.floor(fields.at.getTime() / 1000);
  return signVonageParams(
    {
      msisdn: fields.to ?? "33612345678",
      to: "Comptoir",
      "network-code": "20801",
      messageId: fields.messageId,
      price: "0.07",
      status: fields.status,
      scts: "2611220800",
      "err-code": fields.errCode ?? "0",
      "api-key": "a1b2c3d4",
      "message-timestamp": fields.at.toISOString().slice(0, 19).replace("T", " "),
      timestamp: String(seconds),
      nonce: `nonce-${seconds}-${fields.messageId}`,
    },
    secret,
    method,
  );
}
