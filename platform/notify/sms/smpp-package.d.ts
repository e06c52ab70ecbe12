/**
 * The few parts of the `smpp` package (v0.5, no types of its own) that the SMPP adapter and its
 * test server use.
 */
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export type PDU = {
    command: string;
    command_status: number;
    sequence_number: number;
    // Every other field, named as in the SMPP 3.4/5.0 specification.
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
  };

  export class Session extends EventEmitter {
    socket: import("node:net").Socket;
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void): boolean;
    bind_transceiver(options: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    bind_transmitter(options: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    submit_sm(options: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    unbind(options?: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export function connect(
    options: { url: string; auto_enquire_link_period?: number },
    listener?: () => void,
  ): Session;
  export function createServer(listener: (session: Session) => void): Server;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    errors: Record<string, number>;
  };
  export default smpp;
}
