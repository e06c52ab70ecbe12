import { describe, expect, it } from "vitest";
import { bodyHasNul, hasBadBytes } from "./bad-bytes.ts";

const url = (path: string) => new URL(path, "http://shop.test");

describe("hasBadBytes", () => {
  it("finds NUL and escapes that are not UTF-8", () => {
    for (const path of [
      "/p/spag%00hetti/",
      "/c/%00/",
      "/%FF",
      "/c/%C0%AF/",
      "/c/%E9t%E9/",
      "/search/?q=%00",
      "/c/x/?marque=a%00b",
    ]) {
      expect(hasBadBytes(url(path)), path).toBe(true);
    }
  });

  it("leaves well-formed URLs alone, escaped NUL text and invalid query escapes included", () => {
    for (const path of ["/", "/c/caf%C3%A9/", "/search/?q=%FF", "/search/?q=%2500", "/p/a%2Fb/"]) {
      expect(hasBadBytes(url(path)), path).toBe(false);
    }
  });
});

describe("bodyHasNul", () => {
  const form = "application/x-www-form-urlencoded";
  it("reads each body in its own escape", () => {
    expect(bodyHasNul(form, "email=a%00b")).toBe(true);
    expect(bodyHasNul(form, "email=a%2500b")).toBe(false);
    expect(bodyHasNul("application/json", '{"a":"x\\u0000"}')).toBe(true);
    expect(bodyHasNul("application/json", '{"a":"100%00"}')).toBe(false);
    expect(bodyHasNul("text/csv", "handle\nspag\0hetti")).toBe(true);
    expect(bodyHasNul("text/csv", "handle\nspaghetti")).toBe(false);
  });
});
