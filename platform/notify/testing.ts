import { createServer, type Socket } from "node:net";
import type { Db } from "#db/client.ts";
import { listOutbox, type OutboxMessage } from "#platform/notify/outbox.ts";

// The test SMSC and the Vonage stand-in, for tests outside the module (server/, e2e/).
export {
  type ReceivedSubmit,
  startTestSmsc,
  type TestSmscServer,
} from "#platform/notify/sms/testing.ts";
export {
  startVonageStandIn,
  type VonageStandIn,
  vonageReceipt,
} from "#platform/notify/sms/vonage-testing.ts";

/**
 * Test helpers: read what the shop sent (the outbox) and follow its links, and a tiny SMTP server
 * that records what it receives.
 */

/** The newest message of `kind` sent to `to`; throws when there is none. */
export async function latestMessage(db: Db, to: string, kind: string): Promise<OutboxMessage> {
  const [message] = await listOutbox(db, { to, kind, limit: 1 });
  if (!message) throw new Error(`No "${kind}" message was sent to ${to}`);
  return message;
}

/** The first http(s) URL of a message's text; throws when there is none. */
export function linkIn(message: Pick<OutboxMessage, "text">): string {
  const match = /https?:\/\/[^\s<>"]+/.exec(message.text);
  if (!match) throw new Error(`No link in the message: ${message.text}`);
  return match[0];
}

/** One message as the test SMTP server received it: envelope and raw RFC 5322 data. */
export type ReceivedMail = { from: string; to: string[]; data: string };

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** A reply such as "451 4.3.0 Try again later" refuses the next MAIL FROM; null accepts. */
  failWith: string | null;
  close(): Promise<void>;
};

/**
 * A minimal SMTP server on 127.0.0.1 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT, no TLS or
 * AUTH), enough for nodemailer to deliver to it.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const sockets = new Set<Socket>();
  const state: TestSmtpServer = {
    url: "",
    received: [],
    failWith: null,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    serveSmtp(socket, state);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  state.url = `smtp://127.0.0.1:${address.port}`;
  return state;
}

function serveSmtp(socket: Socket, state: TestSmtpServer) {
  let buffer = "";
  let envelope: { from: string; to: string[] } | null = null;
  let data: string[] | null = null;
  const reply = (line: string) => socket.write(`${line}\r\n`);

  const command = (line: string) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === "EHLO" || verb === "HELO") return reply("250 localhost");
    if (verb === "MAIL") {
      if (state.failWith) return reply(state.failWith);
      envelope = { from: addressIn(line), to: [] };
      return reply("250 OK");
    }
    if (verb === "RCPT") {
      if (!envelope) return reply("503 MAIL first");
      envelope.to.push(addressIn(line));
      return reply("250 OK");
    }
    if (verb === "DATA") {
      if (!envelope || envelope.to.length === 0) return reply("503 RCPT first");
      data = [];
      return reply("354 End data with <CR><LF>.<CR><LF>");
    }
    if (verb === "RSET") {
      envelope = null;
      return reply("250 OK");
    }
    if (verb === "NOOP") return reply("250 OK");
    if (verb === "QUIT") {
      reply("221 Bye");
      return socket.end();
    }
    return reply("502 Command not implemented");
  };

  const dataLine = (line: string, lines: string[]) => {
    if (line !== ".") {
      lines.push(line.startsWith("..") ? line.slice(1) : line);
      return;
    }
    if (envelope) state.received.push({ ...envelope, data: lines.join("\r\n") });
    envelope = null;
    data = null;
    reply("250 OK queued");
  };

  reply("220 localhost ESMTP test");
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) dataLine(line, data);
      else command(line);
    }
  });
}

function addressIn(line: string): string {
  return /<([^>]*)>/.exec(line)?.[1] ?? "";
}
