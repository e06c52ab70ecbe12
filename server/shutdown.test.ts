import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeGracefully } from "./shutdown.ts";

let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose /slow request waits until the test releases it. */
async function startServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  server = createServer(async (req, res) => {
    if (req.url === "/slow") {
      arrived();
      await released;
    }
    res.end("done");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, release, slowArrived };
}

describe("closeGracefully", () => {
  it("finishes an in-flight request and then refuses new connections", async () => {
    const { url, release, slowArrived } = await startServer();
    const inFlight = fetch(`${url}/slow`).then((res) => res.text());
    await slowArrived;

    const closed = closeGracefully(server as Server, 5_000);
    await expect(fetch(`${url}/other`)).rejects.toThrow();

    release();
    await expect(inFlight).resolves.toBe("done");
    await closed;
  });

  it("cuts a request that outlives the timeout", async () => {
    const { url, slowArrived } = await startServer();
    const inFlight = fetch(`${url}/slow`);
    await slowArrived;

    await closeGracefully(server as Server, 50);
    await expect(inFlight).rejects.toThrow();
  });
});
