import { describe, expect, it } from "vitest";
import { readCookie, serializeCookie } from "./cookies.ts";

const withCookies = (cookie: string) => new Request("http://shop.test/", { headers: { cookie } });

describe("readCookie", () => {
  it("finds a cookie among others and decodes it", () => {
    expect(readCookie(withCookies("a=1; cartId=gid%3A%2F%2Fx; b=2"), "cartId")).toBe("gid://x");
  });

  it("is undefined when absent, and does not match on a prefix", () => {
    expect(readCookie(withCookies("cartIdOld=1"), "cartId")).toBeUndefined();
    expect(readCookie(new Request("http://shop.test/"), "cartId")).toBeUndefined();
  });

  it("is undefined for a malformed escape rather than throwing", () => {
    expect(readCookie(withCookies("a=%E0%A4%A"), "a")).toBeUndefined();
  });
});

describe("serializeCookie", () => {
  it("is httpOnly and Lax by default", () => {
    expect(serializeCookie("a", "b c")).toBe("a=b%20c; Path=/; HttpOnly; SameSite=Lax");
  });

  it("writes max age, strictness and Secure when asked", () => {
    expect(
      serializeCookie("a", "", { maxAgeSeconds: 0, sameSite: "Strict", secure: true, path: "/x" }),
    ).toBe("a=; Path=/x; Max-Age=0; HttpOnly; SameSite=Strict; Secure");
  });
});
