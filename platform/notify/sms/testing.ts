import { EventEmitter, once } from "node:events";
import smpp, { type PDU, type Session } from "smpp";

/**
 * A test SMSC: the `smpp` package's own server side on 127.0.0.1 and a random port, that checks
 * the credentials of a bind, records each `submit_sm` decoded, answers it as the test says, and
 * sends delivery receipts on demand.
 */

export type ReceivedSubmit = {
  messageId: string | null;
  from: string;
  to: string;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** The concatenation header: [reference, total, index from 1], when the message has one. */
  concatenation: [number, number, number] | null;
  text: string;
};

/** What the SMSC answers to a submit: a command_status (0: accepted), or "drop" the link. */
export type SubmitAnswer = number | "drop";

export type TestSmscServer = {
  url: string;
  systemId: string;
  password: string;
  submits: ReceivedSubmit[];
  /** Binds accepted so far. */
  binds: { command: string; systemId: string }[];
  /** The answer to the next submit (`submits.length` is its index); 0 when unset. */
  answer: ((submit: ReceivedSubmit, index: number) => SubmitAnswer) | null;
  events: EventEmitter<{ bound: []; submit: [ReceivedSubmit] }>;
  /** Sends a delivery receipt for `messageId` on the bound session that can take one. */
  sendReceipt(messageId: string, stat: "DELIVRD" | "UNDELIV" | "EXPIRED"): Promise<void>;
  /** Waits for the next bind. */
  nextBind(): Promise<void>;
  close(): Promise<void>;
};

const MESSAGE_STATES = { DELIVRD: 2, EXPIRED: 3, UNDELIV: 5 } as const;

export async function startTestSmsc(
  credentials = { systemId: "comptoir", password: "secret12" },
): Promise<TestSmscServer> {
  let counter = 0;
  const sessions = new Set<Session>();
  const receivers = new Set<Session>();
  const state: TestSmscServer = {
    url: "",
    ...credentials,
    submits: [],
    binds: [],
    answer: null,
    events: new EventEmitter(),
    async sendReceipt(messageId, stat) {
      const [session] = receivers;
      if (!session) throw new Error("no transceiver bound");
      const date = "2611220800";
      await new Promise<void>((resolve) =>
        session.deliver_sm(
          {
            source_addr: "33612345678",
            destination_addr: "Comptoir",
            esm_class: 0x04,
            short_message: `id:${messageId} sub:001 dlvrd:${stat === "DELIVRD" ? "001" : "000"} submit date:${date} done date:${date} stat:${stat} err:000 text:`,
            receipted_message_id: messageId,
            message_state: MESSAGE_STATES[stat],
          },
          () => resolve(),
        ),
      );
    },
    async nextBind() {
      await once(state.events, "bound");
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };

  const server = smpp.createServer((session) => {
    sessions.add(session);
    session.on("close", () => {
      sessions.delete(session);
      receivers.delete(session);
    });
    session.on("error", () => {});
    const bind = (pdu: PDU) => {
      if (pdu.system_id !== state.systemId || pdu.password !== state.password) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RBINDFAIL }));
        return;
      }
      session.send(pdu.response({ system_id: "TESTSMSC" }));
      state.binds.push({ command: pdu.command, systemId: String(pdu.system_id) });
      if (pdu.command === "bind_transceiver") receivers.add(session);
      state.events.emit("bound");
    };
    session.on("bind_transceiver", bind);
    session.on("bind_transmitter", bind);
    session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on("submit_sm", (pdu: PDU) => {
      const submit = decodeSubmit(pdu);
      const answer = state.answer?.(submit, state.submits.length) ?? 0;
      state.submits.push(submit);
      if (answer === "drop") {
        session.destroy();
      } else if (answer !== 0) {
        session.send(pdu.response({ command_status: answer }));
      } else {
        submit.messageId = `smsc-${++counter}`;
        session.send(pdu.response({ message_id: submit.messageId }));
      }
      state.events.emit("submit", submit);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  state.url = `smpp://127.0.0.1:${address.port}`;
  return state;
}

function decodeSubmit(pdu: PDU): ReceivedSubmit {
  const message = pdu.short_message as { udh?: Buffer[]; message: string } | string;
  const text = typeof message === "string" ? message : message.message;
  const header = typeof message === "string" ? undefined : message.udh?.[0];
  return {
    messageId: null,
    from: String(pdu.source_addr),
    to: String(pdu.destination_addr),
    dataCoding: Number(pdu.data_coding),
    esmClass: Number(pdu.esm_class),
    registeredDelivery: Number(pdu.registered_delivery),
    concatenation:
      header && header[0] === 0x00 ? [header[2] ?? 0, header[3] ?? 0, header[4] ?? 0] : null,
    text,
  };
}
