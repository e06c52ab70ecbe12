import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** An IP address as a number. IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) are IPv4. */
export type IpAddress = { version: 4 | 6; value: bigint };

/** A CIDR range; a single address is a range of full length. */
export type IpRange = { version: 4 | 6; network: bigint; prefix: number };

export type IpMatcher = (ip: string) => boolean;

const BITS = { 4: 32, 6: 128 } as const;
const IPV4_MAPPED_PREFIX = 0xffffn;

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: `010` is octal to some parsers and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseIpv6(input: string): bigint | undefined {
  let text = input;
  const lastColon = text.lastIndexOf(":");
  if (lastColon === -1) return undefined;
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIpv4(tail);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }

  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const compressed = halves.length === 2;
  if (compressed ? left.length + right.length > 7 : left.length !== 8) return undefined;

  const words = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  let value = 0n;
  for (const word of words) {
    if (!/^[0-9a-f]{1,4}$/i.test(word)) return undefined;
    value = (value << 16n) | BigInt(Number.parseInt(word, 16));
  }
  return value;
}

export function parseIp(input: string): IpAddress | undefined {
  const text = input.trim();
  if (!text.includes(":")) {
    const value = parseIpv4(text);
    return value === undefined ? undefined : { version: 4, value };
  }
  // A zone (`fe80::1%eth0`) names the interface, not the address.
  const value = parseIpv6(text.split("%")[0] ?? "");
  if (value === undefined) return undefined;
  if (value >> 32n === IPV4_MAPPED_PREFIX) return { version: 4, value: value & 0xffffffffn };
  return { version: 6, value };
}

function mask(version: 4 | 6, prefix: number): bigint {
  const bits = BigInt(BITS[version]);
  const all = (1n << bits) - 1n;
  return all ^ ((1n << (bits - BigInt(prefix))) - 1n);
}

/** Parses `10.0.0.0/8`, `2001:db8::/32` or a single address; host bits are masked off. */
export function parseIpRange(input: string): IpRange | undefined {
  const [addressText = "", prefixText, ...rest] = input.trim().split("/");
  if (rest.length > 0) return undefined;
  const address = parseIp(addressText);
  if (!address) return undefined;
  let prefix: number = BITS[address.version];
  if (prefixText !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
    prefix = Number(prefixText);
    // `::ffff:10.0.0.0/104` is written in IPv6 bits but parsed as an IPv4 address.
    if (address.version === 4 && addressText.includes(":")) prefix -= 96;
    if (prefix < 0 || prefix > BITS[address.version]) return undefined;
  }
  const network = address.value & mask(address.version, prefix);
  return { version: address.version, network, prefix };
}

function inRange(address: IpAddress, range: IpRange): boolean {
  return (
    address.version === range.version &&
    (address.value & mask(range.version, range.prefix)) === range.network
  );
}

/**
 * Builds a test for membership of a list of addresses and CIDR ranges. Throws on the first
 * invalid entry so that a bad list stops the server at boot rather than letting everyone in or out.
 */
export function createIpMatcher(entries: readonly string[], listName = "IP list"): IpMatcher {
  const ranges = entries.map((entry) => {
    const range = parseIpRange(entry);
    if (!range) {
      throw new Error(
        `Invalid entry in ${listName}: "${entry}" is not an IP address or CIDR range`,
      );
    }
    return range;
  });
  return (ip) => {
    const address = parseIp(ip);
    return address !== undefined && ranges.some((range) => inRange(address, range));
  };
}

/**
 * The client's address: the socket peer, unless the peer is a trusted proxy, in which case the
 * nearest address in X-Forwarded-For that is not itself a trusted proxy (right to left). Entries a
 * client wrote itself sit left of those its proxies appended, so forging the header gains nothing.
 */
export function resolveClientIp(
  peer: string | undefined,
  forwardedFor: string | undefined,
  isTrustedProxy: IpMatcher,
): string | undefined {
  if (peer === undefined || !isTrustedProxy(peer)) return peer;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop !== undefined && !isTrustedProxy(hop)) return hop;
  }
  return hops[0] ?? peer;
}

/**
 * The socket peer's address, or undefined when the request did not come from a socket (an
 * in-process `app.request` without Node bindings).
 */
export function peerAddress(c: Context): string | undefined {
  // Only a request from @hono/node-server has its socket in `env.incoming`; asking getConnInfo
  // for another one throws, and an exception on every in-process call is not free.
  const socket = (c.env as { incoming?: { socket?: object } } | undefined)?.incoming?.socket;
  if (!socket) return undefined;
  // A socket's peer never changes, and reading it is a system call: once per connection.
  if (peerOfSocket.has(socket)) return peerOfSocket.get(socket);
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  peerOfSocket.set(socket, address);
  return address;
}

const peerOfSocket = new WeakMap<object, string | undefined>();

/**
 * The environment the services registry's in-process transport hands to the own API
 * (server/app.ts): such a call comes from the storefront's server side, which puts the
 * shopper's address in X-Forwarded-For, like a trusted proxy. Only our code holds this object,
 * so no request from a socket can pass for one.
 */
export const IN_PROCESS = Object.freeze({ inProcess: true });

export function clientIp(c: Context, isTrustedProxy: IpMatcher): string | undefined {
  if (c.env === IN_PROCESS) {
    return c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() || undefined;
  }
  return resolveClientIp(peerAddress(c), c.req.header("X-Forwarded-For"), isTrustedProxy);
}
