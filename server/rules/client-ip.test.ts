import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  clientIp,
  createIpMatcher,
  IN_PROCESS,
  parseIp,
  parseIpRange,
  peerAddress,
  resolveClientIp,
} from "./client-ip.ts";

describe("parseIp", () => {
  it("reads an IPv4 address", () => {
    expect(parseIp("192.168.1.20")).toEqual({ version: 4, value: 0xc0a80114n });
  });

  it("refuses malformed IPv4 addresses, including leading zeros", () => {
    for (const text of ["1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1.2.3.-4", "a.b.c.d", ""]) {
      expect(parseIp(text), text).toBeUndefined();
    }
  });

  it("reads full and compressed IPv6 addresses to the same value", () => {
    const full = parseIp("2001:0db8:0000:0000:0000:0000:0000:0001");
    expect(full).toEqual({ version: 6, value: 0x20010db8000000000000000000000001n });
    expect(parseIp("2001:db8::1")).toEqual(full);
    expect(parseIp("2001:DB8::0:1")).toEqual(full);
    expect(parseIp("::1")).toEqual({ version: 6, value: 1n });
    expect(parseIp("::")).toEqual({ version: 6, value: 0n });
    expect(parseIp("fe80::")).toEqual({ version: 6, value: 0xfe80n << 112n });
  });

  it("refuses malformed IPv6 addresses", () => {
    for (const text of [
      "1::2::3",
      ":::",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7:8::",
      "12345::1",
      "g::1",
      ":1::2",
      "::ffff:1.2.3",
    ]) {
      expect(parseIp(text), text).toBeUndefined();
    }
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(parseIp("::ffff:10.1.2.3")).toEqual(parseIp("10.1.2.3"));
    expect(parseIp("::ffff:a01:203")).toEqual(parseIp("10.1.2.3"));
    expect(parseIp("0:0:0:0:0:ffff:10.1.2.3")).toEqual(parseIp("10.1.2.3"));
  });

  it("ignores an IPv6 zone", () => {
    expect(parseIp("fe80::1%eth0")).toEqual(parseIp("fe80::1"));
  });
});

describe("parseIpRange", () => {
  it("reads CIDR ranges and masks host bits", () => {
    expect(parseIpRange("10.0.0.0/8")).toEqual({ version: 4, network: 0x0a000000n, prefix: 8 });
    expect(parseIpRange("10.9.9.9/8")).toEqual({ version: 4, network: 0x0a000000n, prefix: 8 });
    expect(parseIpRange("2001:db8::/32")).toEqual({
      version: 6,
      network: 0x20010db8n << 96n,
      prefix: 32,
    });
  });

  it("reads a single address as a full-length range", () => {
    expect(parseIpRange("1.2.3.4")).toMatchObject({ prefix: 32 });
    expect(parseIpRange("::1")).toMatchObject({ prefix: 128 });
  });

  it("reads an IPv4-mapped range in IPv6 bits as the IPv4 range", () => {
    expect(parseIpRange("::ffff:10.0.0.0/104")).toEqual(parseIpRange("10.0.0.0/8"));
  });

  it("refuses bad prefixes", () => {
    for (const text of [
      "10.0.0.0/33",
      "::/129",
      "10.0.0.0/",
      "10.0.0.0/-1",
      "10.0.0.0/08",
      "1/2/3",
    ]) {
      expect(parseIpRange(text), text).toBeUndefined();
    }
  });
});

describe("createIpMatcher", () => {
  it("matches single addresses and CIDR ranges of both versions", () => {
    const matches = createIpMatcher(["127.0.0.1", "10.0.0.0/8", "::1", "2001:db8::/32"]);
    expect(matches("127.0.0.1")).toBe(true);
    expect(matches("127.0.0.2")).toBe(false);
    expect(matches("10.255.0.1")).toBe(true);
    expect(matches("11.0.0.1")).toBe(false);
    expect(matches("::1")).toBe(true);
    expect(matches("0:0:0:0:0:0:0:1")).toBe(true);
    expect(matches("2001:db8:ffff::42")).toBe(true);
    expect(matches("2001:db9::1")).toBe(false);
  });

  it("matches an IPv4-mapped peer against an IPv4 entry", () => {
    const matches = createIpMatcher(["192.168.0.0/16"]);
    expect(matches("::ffff:192.168.3.4")).toBe(true);
    expect(matches("::ffff:192.169.3.4")).toBe(false);
  });

  it("never matches an unparseable address", () => {
    const matches = createIpMatcher(["0.0.0.0/0", "::/0"]);
    expect(matches("not-an-ip")).toBe(false);
    expect(matches("")).toBe(false);
  });

  it("matches nothing when the list is empty", () => {
    expect(createIpMatcher([])("127.0.0.1")).toBe(false);
  });

  it("throws a message naming the list and the bad entry", () => {
    expect(() => createIpMatcher(["10.0.0.0/8", "10.0.0.0/33"], "ADMIN_ALLOWLIST")).toThrow(
      'Invalid entry in ADMIN_ALLOWLIST: "10.0.0.0/33" is not an IP address or CIDR range',
    );
    expect(() => createIpMatcher(["office"])).toThrow(/"office"/);
  });
});

describe("resolveClientIp", () => {
  const trusted = createIpMatcher(["10.0.0.1", "10.0.0.2"]);

  it("takes the peer when it is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolveClientIp("203.0.113.5", "127.0.0.1", trusted)).toBe("203.0.113.5");
  });

  it("takes the nearest untrusted hop when the peer is a trusted proxy", () => {
    expect(resolveClientIp("10.0.0.1", "198.51.100.7", trusted)).toBe("198.51.100.7");
    expect(resolveClientIp("10.0.0.1", "198.51.100.7, 10.0.0.2", trusted)).toBe("198.51.100.7");
  });

  it("ignores addresses a client forged to the left of the real one", () => {
    expect(resolveClientIp("10.0.0.1", "127.0.0.1, 198.51.100.7", trusted)).toBe("198.51.100.7");
  });

  it("takes the leftmost hop when every hop is a trusted proxy", () => {
    expect(resolveClientIp("10.0.0.1", "10.0.0.2, 10.0.0.1", trusted)).toBe("10.0.0.2");
  });

  it("keeps the proxy itself when it sent no X-Forwarded-For", () => {
    expect(resolveClientIp("10.0.0.1", undefined, trusted)).toBe("10.0.0.1");
    expect(resolveClientIp("10.0.0.1", " , ", trusted)).toBe("10.0.0.1");
  });

  it("knows no client when there is no peer", () => {
    expect(resolveClientIp(undefined, "198.51.100.7", trusted)).toBeUndefined();
  });
});

describe("peerAddress and clientIp", () => {
  const app = new Hono();
  const isTrustedProxy = createIpMatcher(["10.0.0.1"]);
  app.get("/", (c) =>
    c.json({ peer: peerAddress(c) ?? null, client: clientIp(c, isTrustedProxy) ?? null }),
  );
  const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

  it("reads the socket peer from the Node bindings", async () => {
    const res = await app.request("/", {}, socket("203.0.113.5"));
    expect(await res.json()).toEqual({ peer: "203.0.113.5", client: "203.0.113.5" });
  });

  it("reads the client from X-Forwarded-For behind a trusted proxy", async () => {
    const init = { headers: { "X-Forwarded-For": "198.51.100.7" } };
    const res = await app.request("/", init, socket("10.0.0.1"));
    expect(await res.json()).toEqual({ peer: "10.0.0.1", client: "198.51.100.7" });
  });

  it("knows no peer for an in-process request without bindings", async () => {
    const res = await app.request("/");
    expect(await res.json()).toEqual({ peer: null, client: null });
  });

  it("takes the shopper's address from an in-process call of the storefront, and only from one", async () => {
    const init = { headers: { "X-Forwarded-For": "198.51.100.7" } };
    const inProcess = await app.request("/", init, IN_PROCESS);
    expect(await inProcess.json()).toEqual({ peer: null, client: "198.51.100.7" });
    const lookalike = await app.request("/", init, { inProcess: true });
    expect(await lookalike.json()).toEqual({ peer: null, client: null });
    const remote = await app.request("/", init, socket("203.0.113.5"));
    expect(await remote.json()).toEqual({ peer: "203.0.113.5", client: "203.0.113.5" });
  });
});
