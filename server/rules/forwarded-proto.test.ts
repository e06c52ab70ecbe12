import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createIpMatcher } from "./client-ip.ts";
import { asBrowserSaw } from "./forwarded-proto.ts";

const isTrustedProxy = createIpMatcher(["10.0.0.0/8"]);
const app = new Hono().all("*", (c) => c.text(asBrowserSaw(c, isTrustedProxy).url));

const seen = async (remoteAddress: string, headers: Record<string, string> = {}) =>
  (
    await app.request(
      "http://shop.test/p/x/?a=1",
      { headers },
      { incoming: { socket: { remoteAddress } } },
    )
  ).text();

describe("asBrowserSaw", () => {
  it("restores https behind a trusted proxy, keeping path and query", async () => {
    expect(await seen("10.0.0.2", { "x-forwarded-proto": "https" })).toBe(
      "https://shop.test/p/x/?a=1",
    );
    expect(await seen("10.0.0.2", { "x-forwarded-proto": "https, http" })).toBe(
      "https://shop.test/p/x/?a=1",
    );
  });

  it("ignores the header from anyone else, or when it says http", async () => {
    expect(await seen("203.0.113.9", { "x-forwarded-proto": "https" })).toBe(
      "http://shop.test/p/x/?a=1",
    );
    expect(await seen("10.0.0.2", { "x-forwarded-proto": "http" })).toBe(
      "http://shop.test/p/x/?a=1",
    );
    expect(await seen("10.0.0.2")).toBe("http://shop.test/p/x/?a=1");
  });
});
