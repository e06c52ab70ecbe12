import { describe, expect, it } from "vitest";
import { admission } from "#server/admission.ts";

/** A handler whose answers the test releases one by one, in the order it chooses. */
function heldHandler() {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const handle = async (request: Request) => {
    const path = new URL(request.url).pathname;
    started.push(path);
    await new Promise<void>((resolve) => release.set(path, resolve));
    return new Response(path);
  };
  return { handle, started, finish: (path: string) => release.get(path)?.() };
}

const ask = (path: string) => new Request(`http://shop.test${path}`);
/** Lets every promise job run (the handlers' starts), without waiting on a clock. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("admission", () => {
  it("works on at most `limit` requests at once; the next starts when one ends, first come first", async () => {
    const { handle, started, finish } = heldHandler();
    const admitted = admission(handle, { limit: 2 });
    const answers = ["/a", "/b", "/c", "/d"].map((path) => admitted(ask(path)));
    await settle();
    expect(started).toEqual(["/a", "/b"]);

    finish("/b");
    await settle();
    expect(started).toEqual(["/a", "/b", "/c"]);
    finish("/a");
    await settle();
    expect(started).toEqual(["/a", "/b", "/c", "/d"]);
    finish("/c");
    finish("/d");
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual([
      "/a",
      "/b",
      "/c",
      "/d",
    ]);
  });

  it("frees the turn of a request whose handler failed", async () => {
    let calls = 0;
    const admitted = admission(
      async () => {
        calls++;
        if (calls === 1) throw new Error("broken");
        return new Response("ok");
      },
      { limit: 1 },
    );
    await expect(admitted(ask("/a"))).rejects.toThrow("broken");
    expect(await (await admitted(ask("/b"))).text()).toBe("ok");
  });

  it("never holds what `bypass` lets through, and holds nothing with a limit of 0", async () => {
    const { handle, started } = heldHandler();
    const admitted = admission(handle, {
      limit: 1,
      bypass: (request) => new URL(request.url).pathname === "/healthz",
    });
    void admitted(ask("/slow"));
    void admitted(ask("/waits"));
    void admitted(ask("/healthz"));
    await settle();
    expect(started.toSorted()).toEqual(["/healthz", "/slow"]);

    const unlimited = heldHandler();
    const open = admission(unlimited.handle, { limit: 0 });
    for (const path of ["/a", "/b", "/c"]) void open(ask(path));
    await settle();
    expect(unlimited.started).toEqual(["/a", "/b", "/c"]);
  });

  it("takes a turn for a form once its body has arrived, and none for an upload of unknown length", async () => {
    const { handle, started, finish } = heldHandler();
    const seen: string[] = [];
    const admitted = admission(
      async (request: Request) => {
        if (request.method === "POST") seen.push(await request.text());
        return handle(request);
      },
      { limit: 1 },
    );
    void admitted(ask("/busy"));
    const form = admitted(
      new Request("http://shop.test/cart/add", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "7" },
        body: "qty=2&x",
      }),
    );
    const upload = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("image bytes"));
        controller.close();
      },
    });
    void admitted(
      new Request("http://shop.test/middleware/upload", {
        method: "POST",
        body: upload,
        duplex: "half",
      } as RequestInit),
    );
    await settle();
    // The upload went on beside the busy request; the form waits its turn, its body read.
    expect(started).toEqual(["/busy", "/middleware/upload"]);
    finish("/busy");
    await settle();
    expect(started).toEqual(["/busy", "/middleware/upload", "/cart/add"]);
    expect(seen).toEqual(["image bytes", "qty=2&x"]);
    finish("/cart/add");
    expect(await (await form).text()).toBe("/cart/add");
  });
});
